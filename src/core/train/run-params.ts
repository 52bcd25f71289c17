/**
 * The run's settings, each declared once as a ParamSpec (core/params): key, type, range or
 * choices, default, label, help, CLI flag, link key and the lab's form section (`group`). From
 * this list come `DEFAULT_CONFIG` and `validateConfig` (config.ts), the lab's run fields
 * (ui/lab/RunFields.tsx), the CLI's `train` flags and usage (cli/run-flags.ts), the share link's
 * run keys (app/share-link.ts) and the RunConfig table in docs/training.md (a test compares it).
 *
 * Form sections: `run` (the lab's main grid), `advanced` (More settings), `picker` (fields the lab
 * edits with its own control: environment, task type, split, estimator, reward).
 *
 * The choices of `env`, `estimator` and `reward` are read from their registries on each call, so
 * an entry registered later (a contract test's toy) is valid at once.
 */
import { ESTIMATOR_IDS } from '../advantage/registry';
import { ENV_IDS, getEnv, isEnvId } from '../env/registry';
import { DEFAULT_REWARD, REWARD_IDS } from '../reward/registry';
import { AGG_MODES, KL_TYPE_NAMES } from '../loss/names';
import { TASK_FEATURES } from '../policy/features';
import { booleanParam, choiceParam, integerParam, numberParam, type ParamSpec } from '../params/spec';

const SPLITS = ['seen', 'unseen'] as const;

/** Every env's task types (the env-specific list is `envRunParam('taskType', env)`). */
function allTaskTypes(): string[] {
  return [...new Set(ENV_IDS.flatMap((id) => getEnv(id).taskTypes))];
}

/** Settings registered at run time (a contract test's toy): appended after the declared ones. */
const registered: ParamSpec[] = [];

/**
 * Adds a run setting; returns the function that removes it. The contract test registers a toy
 * setting this way and checks it reaches the form, the flags, the link, validation and the docs.
 */
export function registerRunParam(spec: ParamSpec): () => void {
  if (runParams().some((p) => p.key === spec.key)) throw new Error(`run setting '${spec.key}' is already declared`);
  registered.push(spec);
  return () => {
    const at = registered.indexOf(spec);
    if (at >= 0) registered.splice(at, 1);
  };
}

let cache: { key: string; specs: readonly ParamSpec[] } | null = null;

/** The declarations, in the order forms, flags and docs list them (rebuilt when a registry changes). */
export function runParams(): readonly ParamSpec[] {
  const key = [ENV_IDS.join(), ESTIMATOR_IDS.join(), REWARD_IDS.join(), registered.map((p) => p.key).join()].join('|');
  if (cache?.key !== key) cache = { key, specs: [...declaredRunParams(), ...registered] };
  return cache.specs;
}

/** The form's fields of section `group`, narrowed to environment `env` (ui/lab/RunFields.tsx renders them). */
export function runFieldSpecs(group: string, env: string): ParamSpec[] {
  return runParams().filter((p) => p.group === group).map((p) => envRunParam(p.key, env));
}

function declaredRunParams(): ParamSpec[] {
  return [
    choiceParam('env', 'household-v0', ENV_IDS, 'Environment', 'the text environment the run trains on', { group: 'picker' }),
    choiceParam('taskType', 'pick_and_place_simple', allTaskTypes(), 'Task type', "one of the env's task types; null = drawn per task from the env seed",
      { group: 'picker', nullable: 'drawn per task', nullWord: 'any' }),
    choiceParam('split', 'seen', SPLITS, 'Split', 'which task split the run draws from', { group: 'picker' }),
    integerParam('envSize', null, 1, 100000, 'Environment size', "the env's size knob (household: receptacles), in the env's size range",
      { group: 'advanced', nullable: "the env's default" }),
    choiceParam('estimator', 'planpo', ESTIMATOR_IDS, 'Estimator', 'advantage estimator used for the update (registry id); a lab link names its runs with `estimators=`', { group: 'picker', linkKey: '' }),
    choiceParam('reward', DEFAULT_REWARD, REWARD_IDS, 'Reward', "what the run is paid for (reward registry id); default the env's verifiable outcome", { group: 'picker' }),
    integerParam('seed', 1, 0, 0xffffffff, 'Seed', 'root seed: every random stream of the run derives from it', { group: 'run' }),
    integerParam('iterations', 150, 0, 100000, 'Iterations K', 'training iterations', { group: 'run' }),
    integerParam('sftEpisodes', 0, 0, 100000, 'SFT episodes', 'SFT warm start before RL: behaviour cloning on this many oracle demonstrations of the run\'s tasks (0 = none; π_ref becomes the warm start)', { group: 'advanced' }),
    booleanParam('sftByType', false, 'SFT by task type', 'SFT warm start: demonstrations split evenly over the task types when the run draws every type (otherwise each is drawn like a run task)', { group: 'advanced' }),
    booleanParam('tasksByType', false, 'RL tasks by task type', "RL batches stratified by task type when the run draws every type: task b of iteration k gets type (k·B + b) mod the env's type count, so every type is trained equally often (with B = the type count, in every iteration); off: each task's type is drawn from its seed", { group: 'advanced' }),
    integerParam('scheduleHorizon', null, 1, 100000, 'Schedule horizon K', 'K of declared schedules (α(k)); a resumed run keeps its original K',
      { group: 'advanced', nullable: '= iterations' }),
    integerParam('groupSize', 8, 1, 64, 'Group size G', 'members per task (G)', { group: 'run' }),
    integerParam('tasksPerIteration', 8, 1, 64, 'Tasks per iteration B', 'tasks per iteration (B)', { group: 'run', cliFlag: 'tasks' }),
    integerParam('maxTurns', null, 1, 1000, 'Max turns', "episode cap, at most the env's limit", { group: 'run', nullable: "the env's default" }),
    integerParam('historyLength', 2, 0, 16, 'History length', 'past turns the policy sees', { group: 'advanced' }),
    numberParam('lr', 3e-3, 0, 1, 'Learning rate', 'Adam step size', { group: 'run', exclusiveMin: true, step: 0.0001 }),
    numberParam('clipLow', 0.2, 0, 0.999, 'Clip ε_low', 'lower clip range of the ratio: ρ ≥ 1 − ε_low', { group: 'run', step: 0.01 }),
    numberParam('clipHigh', 0.2, 0, 10, 'Clip ε_high', 'upper clip range of the ratio: ρ ≤ 1 + ε_high', { group: 'run', step: 0.01 }),
    numberParam('clipRatioC', 3, 1, 1000, 'Dual-clip c', 'dual-clip bound for negative advantages', { group: 'advanced', exclusiveMin: true }),
    numberParam('klCoef', 0.01, 0, 100, 'KL coefficient β', 'weight of the KL penalty (β)', { group: 'run', step: 0.001 }),
    choiceParam('klType', 'k3', KL_TYPE_NAMES, 'KL estimator', 'k1 | abs | k2 | k3 (verl spellings kl, mse, low_var_kl)', { group: 'advanced' }),
    numberParam('entropyCoef', 0.001, 0, 100, 'Entropy coefficient', 'weight of the entropy bonus', { group: 'advanced', step: 0.001 }),
    choiceParam('aggMode', 'token-mean', AGG_MODES, 'Loss aggregation', 'how token losses are averaged (verl loss_agg_mode)', { group: 'advanced' }),
    integerParam('miniBatches', 4, 1, 256, 'Mini-batches', 'updates per epoch', { group: 'advanced' }),
    integerParam('epochs', 1, 1, 64, 'Epochs', 'passes over each iteration\'s batch', { group: 'advanced' }),
    choiceParam('decoding', 'constrained', ['constrained', 'free'], 'Decoding', 'constrained: always a valid command; free: the format can fail', { group: 'advanced' }),
    integerParam('maxThinkTokens', 8, 0, 64, 'Max thought tokens', 'cap on the <think> part of a response', { group: 'advanced' }),
    integerParam('maxResponseTokens', 32, 4, 256, 'Max response tokens', "free decoding's cap on response length", { group: 'advanced' }),
    numberParam('formatPenalty', 0.1, 0, 100, 'Format penalty', 'free decoding: penalty per format-invalid response (verl-agent 0.1)', { group: 'advanced', step: 0.01 }),
    numberParam('temperature', 1, 0, 100, 'Temperature', 'sampling temperature', { group: 'advanced', exclusiveMin: true, step: 0.1 }),
    numberParam('valueCoef', 0.5, 0, 100, 'Value coefficient', 'weight of the value-head loss (estimators that train a critic only)', { group: 'advanced', step: 0.1 }),
    integerParam('hidden', 128, 4, 1024, 'Hidden units', 'width of the policy network', { group: 'advanced' }),
    integerParam('hashBuckets', 1024, 16, 65536, 'Hash buckets', 'size of the hashed token embedding', { group: 'advanced' }),
    choiceParam('taskFeatures', 'bag', TASK_FEATURES, 'Task features',
      "how the policy reads the task: bag = hashed word unigrams and bigrams (word order beyond pairs is lost); sentences = also each word tagged with its sentence's number, so swapping two clauses' words changes the features",
      { group: 'advanced' }),
    integerParam('threads', null, 1, 8, 'wasm threads',
      "threads of the lab's wasm backend on a cross-origin isolated page (elsewhere, and in Node, 1): 2 or more run tfjs-wasm's XNNPACK pool, 1 the project's own SIMD kernels; auto: tfjs's default, half the logical cores; results are bit-identical for every count",
      { group: 'advanced', nullable: 'auto' }),
  ];
}

/** The declaration of run setting `key`. */
export function runParam(key: string): ParamSpec {
  const spec = runParams().find((p) => p.key === key);
  if (!spec) throw new Error(`unknown run setting '${key}'`);
  return spec;
}

/**
 * The declaration of `key` narrowed to environment `env`: its task types and splits, its size
 * range (with the unit in the label and its default named), its turn limit. Validation and the
 * lab's fields both use it.
 */
export function envRunParam(key: string, env: string): ParamSpec {
  const spec = runParam(key);
  if (!isEnvId(env)) return spec;
  const e = getEnv(env);
  switch (key) {
    case 'taskType': return { ...spec, choices: e.taskTypes };
    case 'split': return { ...spec, choices: e.splits };
    case 'envSize': return {
      ...spec, min: e.sizeRange.min, max: e.sizeRange.max, label: `${spec.label} (${e.sizeRange.unit})`,
      nullable: `env default (${e.sizeRange.default})`,
    };
    case 'maxTurns': return { ...spec, max: e.maxTurnsLimit, nullable: `env default (${e.maxTurns})` };
    default: return spec;
  }
}
