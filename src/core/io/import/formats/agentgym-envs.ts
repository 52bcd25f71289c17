/**
 * AgentGym's environments, as their servers pay reward and as AgentGym-RL / AgentGym logs them
 * (read in WooooDyy/AgentGym `agentenv-*` servers and `agentenv/envs/*.py` clients; AgentGym-RL
 * `agent_vllm_rollout/vllm_rollout.py` logs the client's final `reward`). One rule per env decides
 * success, because the scales differ:
 *
 * | env       | reward R(τ) in the log                                        | success                   |
 * |-----------|---------------------------------------------------------------|---------------------------|
 * | alfworld  | 0/1 (won)                                                     | R ≥ 1                     |
 * | webshop   | 0..1 attribute match of the bought item                       | R ≥ 1                     |
 * | sciworld  | the task score 0..100 (−100 when the task fails)              | R ≥ 100                   |
 * | babyai    | MiniGrid's 1 − 0.9·steps/max_steps on reaching the goal,      | the final observation says|
 * |           | summed by the server over steps (fractional, may exceed 1)    | "The task is completed."; |
 * |           |                                                               | without one, R > 0        |
 * | textcraft | 1 when the target item is crafted                             | R ≥ 1                     |
 * | searchqa  | exact match 1; a well-formed wrong answer earns a part        | R ≥ 1                     |
 * | webarena  | the evaluator's 0/1 when the agent stops                      | R ≥ 1                     |
 * | other     | AgentGym's controller counts `reward == 1 or reward == 100`   | R ≥ 1                     |
 *
 * BabyAI's server appends "The task is completed." to the observation when the episode ends, and
 * only ends it once the reward exceeds 0.5 (`agentenv_babyai/environment.py`, `update`).
 *
 * The env name: AgentGym's own `item_id` is `"{task}_{idx}"` (eval outputs, AgentTraj); AgentGym-RL's
 * log has an int `item_id` and no task name (`task_name` is config), so the file's path is read
 * (`saves/babyai_grpo/executer_logs/step3/0.json`), and only then the instruction text (a guess).
 */

export interface AgentgymEnvRule {
  /** AgentGym's task name (`agentgym.task_name`, the `item_id` prefix). */
  name: string;
  /** Words of the env's system instruction (`conversation_start`) that identify it. */
  markers: readonly string[];
  /** The success rule in words, for docs and notes. */
  rule: string;
  success(reward: number, lastObservation: string | null): boolean;
}

const atLeast = (x: number) => (reward: number) => reward >= x;

export const AGENTGYM_ENVS: readonly AgentgymEnvRule[] = [
  { name: 'babyai', markers: ['You are an exploration master'], rule: 'the final observation says "The task is completed." (else R > 0)',
    success: (reward, last) => (last === null ? reward > 0 : last.includes('The task is completed.')) },
  { name: 'textcraft', markers: ['crafting recipes to craft items in Minecraft'], rule: 'R ≥ 1', success: atLeast(1) },
  { name: 'searchqa', markers: ['<search>'], rule: 'R ≥ 1 (a partial R is format credit)', success: atLeast(1) },
  { name: 'webarena', markers: ['navigating a web browser'], rule: 'R ≥ 1', success: atLeast(1) },
  { name: 'sciworld', markers: ['science world', 'science experiment', 'science'], rule: 'R ≥ 100', success: atLeast(100) },
  { name: 'webshop', markers: ['You are web shopping', 'shop'], rule: 'R ≥ 1', success: atLeast(1) },
  { name: 'alfworld', markers: ['Interact with a household', 'household'], rule: 'R ≥ 1', success: atLeast(1) },
];

const FALLBACK: AgentgymEnvRule = { name: 'agentgym', markers: [], rule: 'R ≥ 1', success: atLeast(1) };

const byName = (name: string) => AGENTGYM_ENVS.find((e) => e.name === name);

/** The rule of a named env; unknown names get R ≥ 1 under their own name. */
export function agentgymEnvRule(name: string): AgentgymEnvRule {
  return byName(name) ?? { ...FALLBACK, name };
}

/** The env named by an AgentGym `item_id` such as "babyai_12" (any `{task}_{idx}` prefix), or null. */
export function envFromItemId(itemId: unknown): string | null {
  if (typeof itemId !== 'string') return null;
  const m = /^([A-Za-z][\w-]*?)_\d+$/.exec(itemId);
  return m ? m[1].toLowerCase() : null;
}

/** A known env named in a folder of the path (`babyai`, `babyai_grpo`, `textcraft-7b`), or null. */
export function envFromPath(path: string | undefined): string | null {
  if (!path) return null;
  const folders = path.split(/[\\/]/).slice(0, -1).reverse();
  for (const folder of folders) {
    const words = folder.toLowerCase().split(/[^a-z]+/);
    const hit = AGENTGYM_ENVS.find((e) => words.includes(e.name));
    if (hit) return hit.name;
  }
  return null;
}

/** The env whose instruction this is, or null (a guess from the text). */
export function envFromInstruction(instruction: string): string | null {
  const t = instruction.toLowerCase();
  return AGENTGYM_ENVS.find((e) => e.markers.some((m) => t.includes(m.toLowerCase())))?.name ?? null;
}
