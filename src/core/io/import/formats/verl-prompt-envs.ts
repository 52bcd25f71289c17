/**
 * verl-agent prompts of the environments whose history is not ALFWorld's `[Observation k: …]`
 * list (verl-agent `agent_system/environments/prompts/{search,appworld,gym_cards}.py`,
 * `env_manager.py` `build_text_obs`, `memory/memory.py`, `env_package/{env}/projection.py`; read from
 * a public fork of langfengQ/verl-agent). Each parser finds the task and the observation from its
 * template's own fixed text:
 *
 * - search: `Your question: {task}`; later steps `Prior to this step, you have already taken {k}
 *   step(s). Below is the interaction history … History:\n{memory}` where SearchMemory writes record
 *   j as `Step {j}:{search_j} {information_j}\n` (records joined by `\n`); `search_j` is the
 *   projected action (`<search>q</search>`, `<answer>a</answer>` or empty) and `information_j`
 *   what the engine returned to it. No current-observation slot: the observation at step k is
 *   `information_k` (empty at step 0).
 * - appworld: the task follows `Your task is: ` after "…to solve the actual task:" (an earlier
 *   `Your task is:` belongs to the template's worked example); history records are
 *   `\nCode {j}: \n{code_j}\n\nResult {j}: \n{result_j}\n`, the whole block `.strip()`-ed and cut
 *   to its last 10,000 characters (`... ` prefix) when longer. The observation at step k is
 *   `result_k` (empty at step 0).
 * - gym_cards: one template per game and no history at all: the cards are only in the image.
 *   Task = the game, observation = the current formula (EZPoints, Points24) or empty; every row
 *   reads as step 0, so an episode cannot be chained across rows.
 */
import type { VerlPrompt } from './verl-types';

const blank = (env: VerlPrompt['env'], task: string | null): VerlPrompt => ({
  env,
  task,
  stepCount: 0,
  observation: '',
  last: null,
  lastText: null,
  prevText: null,
});

function lineAfter(input: string, marker: string, from = 0): string | null {
  const at = input.indexOf(marker, from);
  if (at < 0) return null;
  const end = input.indexOf('\n', at + marker.length);
  return input.slice(at + marker.length, end < 0 ? undefined : end).trim();
}

// ---------------------------------------------------------------- search

const SEARCH_PRIOR = /Prior to this step, you have already taken (\d+) step\(s\)\. Below is the interaction history where [^\n]*History:\n/;
const SEARCH_END = "\n\nNow it's your turn to respond for the current step.";

/** Record j of a SearchMemory block: its text, projected action and returned information. */
function searchRecord(block: string, j: number, before = block.length): { text: string; action: string; info: string } | null {
  const head = `Step ${j}:`;
  const at = block.lastIndexOf(head, before);
  if (at < 0) return null;
  const next = block.indexOf(`\n\nStep ${j + 1}:`, at);
  const text = block.slice(at, next < 0 ? undefined : next).trimEnd();
  const body = text.slice(head.length);
  let action = '';
  for (const close of ['</search>', '</answer>']) {
    const open = close.replace('/', '');
    if (body.startsWith(open) && body.includes(close)) {
      action = body.slice(0, body.indexOf(close) + close.length);
      break;
    }
  }
  return { text, action, info: body.slice(action.length + 1) };
}

export function parseSearchPrompt(input: string): VerlPrompt {
  const prompt = blank('search', lineAfter(input, 'Your question: '));
  const prior = SEARCH_PRIOR.exec(input);
  if (!prior) return prompt;
  const k = Number(prior[1]);
  const start = prior.index + prior[0].length;
  const end = input.indexOf(SEARCH_END, start);
  const block = input.slice(start, end < 0 ? undefined : end);
  const lastRec = searchRecord(block, k);
  prompt.stepCount = k;
  if (!lastRec) return { ...prompt, observation: null };
  const prevRec = k > 1 ? searchRecord(block, k - 1, block.lastIndexOf(`Step ${k}:`)) : null;
  prompt.observation = lastRec.info;
  prompt.lastText = lastRec.text;
  prompt.prevText = prevRec?.text ?? null;
  const before = k === 1 ? '' : prevRec?.info;
  prompt.last = before === undefined ? null : { observation: before, action: lastRec.action };
  return prompt;
}

// ---------------------------------------------------------------- appworld

const APPWORLD_TASK_AFTER = 'to solve the actual task:';
const APPWORLD_PRIOR = /Prior to this step, you have already taken (\d+) step\(s\)\. Below are the most recent \d+ codes you generated and the corresponding environment return: \n/;

export function parseAppworldPrompt(input: string): VerlPrompt {
  const prompt = blank('appworld', lineAfter(input, '\nYour task is: ', Math.max(0, input.indexOf(APPWORLD_TASK_AFTER))));
  const prior = APPWORLD_PRIOR.exec(input);
  if (!prior) return prompt;
  const k = Number(prior[1]);
  const start = prior.index + prior[0].length;
  const end = input.indexOf(`\n\nNow you are at step ${k + 1} and it's your turn`, start);
  const block = input.slice(start, end < 0 ? undefined : end);
  prompt.stepCount = k;
  const codeAt = block.lastIndexOf(`Code ${k}: \n`);
  const resultMarker = `\n\nResult ${k}: \n`;
  const resultAt = codeAt < 0 ? -1 : block.indexOf(resultMarker, codeAt);
  if (resultAt < 0) return { ...prompt, observation: null };
  const action = block.slice(codeAt + `Code ${k}: \n`.length, resultAt);
  prompt.observation = block.slice(resultAt + resultMarker.length).trimEnd();
  prompt.lastText = block.slice(codeAt).trimEnd();
  const prevMarker = `Result ${k - 1}: \n`;
  const prevAt = k > 1 ? block.lastIndexOf(prevMarker, codeAt) : -1;
  const before = k === 1 ? '' : prevAt < 0 ? undefined : block.slice(prevAt + prevMarker.length, codeAt).trimEnd();
  if (prevAt >= 0) prompt.prevText = block.slice(block.lastIndexOf(`Code ${k - 1}: \n`, prevAt), codeAt).trimEnd();
  prompt.last = before === undefined ? null : { observation: before, action };
  return prompt;
}

// ---------------------------------------------------------------- gym_cards

const GYM_CARDS_GAMES: ReadonlyArray<[string, string]> = [
  ['You are playing a game called number line', 'numberline'],
  ['You are an expert blackjack player', 'blackjack'],
  ['build a math formula that evaluates to **12**', 'ezpoints'],
  ['the classic "24 Game"', 'points24'],
];

/** The gym_cards game whose template `input` renders, or null. */
export function gymCardsGame(input: string): string | null {
  return GYM_CARDS_GAMES.find(([marker]) => input.includes(marker))?.[1] ?? null;
}

export function parseGymCardsPrompt(input: string): VerlPrompt {
  const prompt = blank('gym_cards', gymCardsGame(input));
  const marker = "and the current formula is: '";
  const at = input.lastIndexOf(marker);
  const end = at < 0 ? -1 : input.indexOf("'\nIt's your turn", at);
  if (end >= 0) prompt.observation = input.slice(at + marker.length, end);
  return prompt;
}
