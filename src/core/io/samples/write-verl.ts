/**
 * Sample verl-agent `rollout_data_dir` files from simulated groups, in the stock layout
 * (environments reference §1.7, §2.5, §4.1b): the per-step prompt templates of
 * `prompts/{alfworld,webshop}.py` decoded through Qwen's chat template without special tokens,
 * history length 2, `score` = 10·won − 0.1·[badly formatted] as float32, padding copies of random
 * rows up to a multiple of the batch divisor, and the length-balanced row order (a few ascending
 * runs of the trajectory-major order). Python's `json.dumps` spacing is kept.
 */
import { createRng, deriveSeed, type Rng } from '../../math/rng';
import { estimateTokens } from '../import/tokens';
import { replyText, type SimGroup, type SimStep } from './simulate';

const CHAT_HEAD = 'system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.\nuser\n';
const CHAT_TAIL = '\nassistant\n';

const ALFWORLD_RULES =
  "Now it's your turn to take an action.\nYou should first reason step-by-step about the current situation. This reasoning process MUST be enclosed within <think> </think> tags. \nOnce you've finished your reasoning, you should choose an admissible action for current step and present it within <action> </action> tags.";
const WEBSHOP_RULES =
  "Now it's your turn to take one action for the current step.\nYou should first reason step-by-step about the current situation, then think carefully which admissible action best advances the shopping goal. This reasoning process MUST be enclosed within <think> </think> tags. \nOnce you've finished your reasoning, you should choose an admissible action for current step and present it within <action> </action> tags.";

function history(steps: readonly SimStep[], k: number, observe: (s: SimStep) => string): { text: string; shown: number } {
  const from = Math.max(0, k - 2);
  const lines = steps.slice(from, k).map((s, j) => `[Observation ${from + j + 1}: '${observe(s)}', Action ${from + j + 1}: '${s.envAction}']`);
  return { text: lines.join('\n'), shown: lines.length };
}

function alfworldPrompt(group: SimGroup, steps: readonly SimStep[], k: number): string {
  const step = steps[k];
  const actions = step.admissible.filter((a) => a !== 'help').map((a) => `'${a}'`).join('\n ');
  if (k === 0) {
    return `\nYou are an expert agent operating in the ALFRED Embodied Environment.\nYour current observation is: ${step.observation}\nYour admissible actions of the current situation are: [${actions}].\n\n${ALFWORLD_RULES}\n`;
  }
  const h = history(steps, k, (s) => s.observation);
  return `\nYou are an expert agent operating in the ALFRED Embodied Environment. Your task is to: ${group.task}\nPrior to this step, you have already taken ${k} step(s). Below are the most recent ${h.shown} observations and the corresponding actions you took: ${h.text}\nYou are now at step ${k + 1} and your current observation is: ${step.observation}\nYour admissible actions of the current situation are: [${actions}].\n\n${ALFWORLD_RULES}\n`;
}

/** verl-agent's WebShop `format_obs`: the parts after the instruction, each quoted. */
export function webshopObs(observation: string, task: string): string {
  const parts = observation.split(' [SEP] ');
  const at = parts.indexOf(task);
  return at < 0 ? observation : parts.slice(at + 1).map((p) => `'${p}'`).join(' [SEP] ');
}

function webshopPrompt(group: SimGroup, steps: readonly SimStep[], k: number): string {
  const step = steps[k];
  const lines: string[] = [];
  if (step.admissible.some((a) => a.startsWith('search['))) lines.push("'search[<your query>]',");
  for (const a of step.admissible) if (a.startsWith('click[')) lines.push(`'${a}',`);
  const obs = webshopObs(step.observation, group.task);
  const tail = `your current observation is: ${obs}.\nYour admissible actions of the current situation are: \n[\n${lines.join('\n')}\n].\n\n${WEBSHOP_RULES}\n`;
  const head = '\nYou are an expert autonomous agent operating in the WebShop e\u2011commerce environment';
  if (k === 0) return `${head}. \nYour task is to: ${group.task}.\nYour current observation is: ${tail.slice('your current observation is: '.length)}`;
  const h = history(steps, k, (s) => webshopObs(s.observation, group.task));
  return `${head}.\nYour task is to: ${group.task}.\nPrior to this step, you have already taken ${k} step(s). Below are the most recent ${h.shown} observations and the corresponding actions you took: ${h.text}\nYou are now at step ${k + 1} and ${tail}`;
}

/** Python's float repr for the values we write (10.0, 9.899999618530273). */
const pyFloat = (x: number): string => (Number.isInteger(x) ? x.toFixed(1) : String(x));

export interface VerlRowOut {
  input: string;
  output: string;
  score: number;
  step: number;
  extra?: Record<string, unknown>;
}

function rowsOf(groups: readonly SimGroup[], trainStep: number, withIds: boolean, rng: Rng): VerlRowOut[] {
  const rows: VerlRowOut[] = [];
  const hex = () => Array.from({ length: 32 }, () => '0123456789abcdef'[rng.int(16)]).join('');
  for (const group of groups) {
    const uid = hex();
    for (const traj of group.trajectories) {
      const trajUid = hex();
      traj.steps.forEach((step, k) => {
        const prompt = group.envId === 'shop-v0' ? webshopPrompt(group, traj.steps, k) : alfworldPrompt(group, traj.steps, k);
        const output = replyText(step);
        const score = Math.fround((traj.success ? 10 : 0) - (step.wellFormed ? 0 : 0.1));
        const row: VerlRowOut = { input: `${CHAT_HEAD}${prompt}${CHAT_TAIL}`, output, score, step: trainStep };
        if (withIds) row.extra = { uid, traj_uid: trajUid, is_action_valid: step.wellFormed, response_length: estimateTokens(output) };
        rows.push(row);
      });
    }
  }
  return rows;
}

/** Pads with random copies to a multiple of `divisor`, then orders rows as balanced partitions. */
function padAndBalance(rows: VerlRowOut[], divisor: number, partitions: number, rng: Rng): VerlRowOut[] {
  const padded = [...rows];
  while (padded.length % divisor !== 0) padded.push(rows[rng.int(rows.length)]);
  const length = (r: VerlRowOut) => r.input.length + r.output.length;
  const order = padded.map((_, i) => i).sort((a, b) => length(padded[b]) - length(padded[a]) || a - b);
  const parts: number[][] = Array.from({ length: partitions }, () => []);
  const sums = new Array<number>(partitions).fill(0);
  for (const i of order) {
    const p = sums.indexOf(Math.min(...sums));
    parts[p].push(i);
    sums[p] += length(padded[i]);
  }
  return parts.flatMap((part) => part.sort((a, b) => a - b).map((i) => padded[i]));
}

/** One `{global_step}.jsonl` file's text. */
export function verlDumpText(groups: readonly SimGroup[], trainStep: number, options: { withIds?: boolean; seed?: number } = {}): string {
  const rng = createRng(deriveSeed(options.seed ?? 0, 'verl-dump', trainStep));
  const rows = padAndBalance(rowsOf(groups, trainStep, options.withIds ?? false, rng), 16, 4, rng);
  return rows
    .map((r) => {
      const extra = Object.entries(r.extra ?? {}).map(([k, v]) => `, ${JSON.stringify(k)}: ${typeof v === 'boolean' ? (v ? 'true' : 'false') : JSON.stringify(v)}`).join('');
      return `{"input": ${JSON.stringify(r.input)}, "output": ${JSON.stringify(r.output)}, "score": ${pyFloat(r.score)}, "step": ${r.step}${extra}}\n`;
    })
    .join('');
}
