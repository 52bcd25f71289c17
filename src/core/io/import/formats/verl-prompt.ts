/**
 * Reading verl-agent's per-step prompts and responses back (environments reference §1.7, §2.5;
 * verl-agent `prompts/{env}.py`, `env_manager.build_text_obs`, `memory.SimpleMemory`,
 * `env_package/{env}/projection.py`). The environment is told by its template's own fixed text
 * (`detectVerlEnv`); search, appworld and gym_cards prompts are read in verl-prompt-envs.ts.
 * Facts the parser relies on for ALFWorld, WebShop and Sokoban (SimpleMemory history):
 *
 * - Step 0 uses the no-history template: `Your current observation is: {obs}` (ALFWorld's obs is the
 *   whole intro, which contains `Your task is to: {task}`); later steps read
 *   `Your task is to: {task}\nPrior to this step, you have already taken {k} step(s). Below are the
 *   most recent {h} observations and the corresponding actions you took: {history}\nYou are now at
 *   step {k+1} and your current observation is: {obs}`. WebShop adds `.` after the task and obs.
 *   Sokoban has no task line (its task is the map: `task` is empty) and puts the observation on the
 *   line after `observation is:`, followed by `Your admissible actions are ["up", …]`.
 * - `{history}` lines are `[Observation j: '{obs_j}', Action j: '{action_j}']` (1-based j), where
 *   obs_j is the observation the policy saw before action j, and action_j the projected action
 *   (Sokoban: the action's name, `Up` … `Still`).
 * - The projection lower-cases the response and takes the stripped text between the first
 *   `<action>` and `</action>`; without both tags the env gets the last 30 (ALFWorld) / 20 (WebShop)
 *   characters. `is_action_valid` also needs `<think>` and `</think>` (case-sensitive, on the raw
 *   response) and no CJK character. Sokoban maps the tag text to the first of up/down/left/right/still
 *   it contains (none, or no tags: `Still`, invalid).
 */
import { gymCardsGame, parseAppworldPrompt, parseGymCardsPrompt, parseSearchPrompt } from './verl-prompt-envs';
import { projectOtherAction } from './verl-projection';
import type { Projection, VerlEnv, VerlPrompt } from './verl-types';

export type { Projection, VerlEnv, VerlPrompt } from './verl-types';


/**
 * The episode reward at or above which a verl-agent episode counts as won, per environment (its
 * env package's reward): ALFWorld, WebShop, AppWorld and the gym_cards formula games pay 10 on a
 * win; search pays 1 (`won = done and reward ≥ 1`). Sokoban sums gym-sokoban's step rewards
 * (−0.1 a step, ±1 a box on/off target, +10 on finishing): a loss sums to at most boxes − 1, a win
 * to 10 + boxes − 0.1·T, so 5 separates them for episodes under ~50 steps (a declared rule).
 */
export const VERL_AGENT_WIN_REWARD: Record<VerlEnv, number> = { alfworld: 10, webshop: 10, appworld: 10, gym_cards: 10, search: 1, sokoban: 5 };


const TASK = 'Your task is to: ';
const PRIOR = /Prior to this step, you have already taken (\d+) step\(s\)\. Below are the most recent \d+ observations and the corresponding actions you took: /;
const ADMISSIBLE = '\nYour admissible actions of the current situation are:';
const TURN_END = "\n\nNow it's your turn";

/** The verl-agent environment whose template rendered `input`, by the template's own fixed text. */
export function detectVerlEnv(input: string): VerlEnv | null {
  if (input.includes('ALFRED Embodied Environment')) return 'alfworld';
  if (input.includes('WebShop e')) return 'webshop';
  if (input.includes('You are an expert agent operating in the Sokoban environment')) return 'sokoban';
  if (input.includes('tasked with answering the given question step-by-step.\nYour question: ')) return 'search';
  if (input.includes('I am your supervisor and you are a super intelligent AI Assistant')) return 'appworld';
  if (gymCardsGame(input) !== null) return 'gym_cards';
  return null;
}

/** A prompt rendered by one of verl-agent's templates (or with its history line): a verl-agent row. */
export const isVerlAgentPrompt = (input: string): boolean => detectVerlEnv(input) !== null || PRIOR.test(input);

function parseAdmissible(block: string): string[] {
  let body = block.trim();
  if (body.startsWith('[')) body = body.slice(1);
  if (body.endsWith('].')) body = body.slice(0, -2);
  else if (body.endsWith(']')) body = body.slice(0, -1);
  const out: string[] = [];
  for (const raw of body.split('\n')) {
    let item = raw.trim();
    if (item.endsWith(',')) item = item.slice(0, -1);
    if (item.length >= 2 && item.startsWith("'") && item.endsWith("'")) out.push(item.slice(1, -1));
  }
  return out;
}

/** Record k of a history block: `[Observation k: '…', Action k: '…']`. */
function lastRecord(block: string, k: number): { record: VerlPrompt['last']; text: string | null; prev: string | null } {
  const head = `[Observation ${k}: '`;
  const start = block.lastIndexOf(head);
  if (start < 0) return { record: null, text: null, prev: null };
  const text = block.slice(start).trimEnd();
  const marker = `', Action ${k}: '`;
  const mid = text.lastIndexOf(marker);
  if (mid < 0) return { record: null, text, prev: null };
  const action = text.slice(mid + marker.length, text.endsWith("']") ? -2 : undefined);
  const before = block.slice(0, start).replace(/\n$/, '');
  const prevStart = before.lastIndexOf(`[Observation ${k - 1}: '`);
  return { record: { observation: text.slice(head.length, mid), action }, text, prev: prevStart < 0 ? null : before.slice(prevStart) };
}

export function parseVerlPrompt(input: string): VerlPrompt {
  const env = detectVerlEnv(input);
  if (env === 'search') return parseSearchPrompt(input);
  if (env === 'appworld') return parseAppworldPrompt(input);
  if (env === 'gym_cards') return parseGymCardsPrompt(input);
  if (env === 'sokoban') return parseSokobanPrompt(input);
  const taskAt = input.indexOf(TASK);
  const taskEnd = taskAt < 0 ? -1 : input.indexOf('\n', taskAt);
  const task = taskAt < 0 ? null : input.slice(taskAt + TASK.length, taskEnd < 0 ? undefined : taskEnd).trim();
  const prior = PRIOR.exec(input);
  const stepCount = prior ? Number(prior[1]) : 0;
  let obsStart = -1;
  let history: ReturnType<typeof lastRecord> = { record: null, text: null, prev: null };
  if (prior) {
    const blockStart = prior.index + prior[0].length;
    const nowMarker = `\nYou are now at step ${stepCount + 1} and your current observation is: `;
    const blockEnd = input.indexOf(nowMarker, blockStart);
    if (blockEnd >= 0) {
      history = lastRecord(input.slice(blockStart, blockEnd), stepCount);
      obsStart = blockEnd + nowMarker.length;
    }
  } else {
    const marker = 'Your current observation is: ';
    const at = input.indexOf(marker);
    if (at >= 0) obsStart = at + marker.length;
  }
  const admissibleAt = input.lastIndexOf(ADMISSIBLE);
  let observation: string | null = null;
  let admissible: string[] | undefined;
  if (obsStart >= 0 && admissibleAt >= obsStart) {
    observation = input.slice(obsStart, admissibleAt);
    if (env === 'webshop' && observation.endsWith('.')) observation = observation.slice(0, -1);
    const listStart = admissibleAt + ADMISSIBLE.length;
    const listEnd = input.indexOf(TURN_END, listStart);
    admissible = parseAdmissible(input.slice(listStart, listEnd < 0 ? undefined : listEnd));
  }
  return { env, task, stepCount, observation, admissible, last: history.record, lastText: history.text, prevText: history.prev };
}

const SOKOBAN_ADMISSIBLE = '\nYour admissible actions are [';

/** Sokoban: no task line; the observation is the map after `observation is:\n`. */
function parseSokobanPrompt(input: string): VerlPrompt {
  const prior = PRIOR.exec(input);
  const stepCount = prior ? Number(prior[1]) : 0;
  let history: ReturnType<typeof lastRecord> = { record: null, text: null, prev: null };
  let obsStart = -1;
  if (prior) {
    const blockStart = prior.index + prior[0].length;
    const nowMarker = `\nYou are now at step ${stepCount + 1} and your current observation is:\n`;
    const blockEnd = input.indexOf(nowMarker, blockStart);
    if (blockEnd >= 0) {
      history = lastRecord(input.slice(blockStart, blockEnd), stepCount);
      obsStart = blockEnd + nowMarker.length;
    }
  } else {
    const marker = 'Your current observation is:\n';
    const at = input.indexOf(marker);
    if (at >= 0) obsStart = at + marker.length;
  }
  const obsEnd = obsStart < 0 ? -1 : input.indexOf(SOKOBAN_ADMISSIBLE, obsStart);
  const observation = obsEnd < 0 ? null : input.slice(obsStart, obsEnd);
  const admissible = obsEnd < 0 ? undefined : ['up', 'down', 'left', 'right'];
  return { env: 'sokoban', task: '', stepCount, observation, admissible, last: history.record, lastText: history.text, prevText: history.prev };
}


const CJK = /[\u4e00-\u9fff]/;

export function projectVerlAction(response: string, env: VerlEnv | null): Projection {
  if (env === 'sokoban' || env === 'search' || env === 'appworld' || env === 'gym_cards') return projectOtherAction(response, env);
  const lower = response.toLowerCase();
  const start = lower.indexOf('<action>');
  const end = lower.indexOf('</action>');
  if (start < 0 || end < 0) return { action: null, envAction: lower.slice(-(env === 'webshop' ? 20 : 30)), valid: false };
  const action = lower.slice(start + '<action>'.length, end).trim();
  const valid = response.includes('<think>') && response.includes('</think>') && !CJK.test(response);
  return { action, envAction: action, valid };
}

/** ALFWorld's task type from its templated instruction (reference §1.2); undefined if none fits. */
export function alfworldTaskType(task: string): string | undefined {
  const t = task.toLowerCase();
  if (/^(put a clean |clean some )/.test(t)) return 'pick_clean_then_place_in_recep';
  if (/^(put a hot |heat some )/.test(t)) return 'pick_heat_then_place_in_recep';
  if (/^(put a cool |cool some )/.test(t)) return 'pick_cool_then_place_in_recep';
  if (/^(put two |find two )/.test(t)) return 'pick_two_obj_and_place';
  if (/^(look at .* under the |examine the .* with the )/.test(t)) return 'look_at_obj_in_light';
  if (/^(put a |put an |put some )/.test(t)) return 'pick_and_place_simple';
  return undefined;
}
