/**
 * verl-agent's action projections for Sokoban, search, AppWorld and gym_cards
 * (`env_package/{sokoban,search,appworld,gym_cards}/projection.py`): what the env received for a
 * response (`envAction`, also what the next prompt's history shows) and `is_action_valid`.
 *
 * - sokoban: lower-cased text between the first `<action>` and `</action>`; the first of up, down,
 *   left, right, still it contains gives the action, written to the history by name (`Up` …);
 *   no tags or no match → `Still` and invalid. Valid also needs `<think>` and `</think>`.
 * - search: the first `<search>…</search>` block (case-insensitive, after cutting at the first
 *   close tag), else the first `<answer>…</answer>`, written back as `<search>{stripped}</search>`;
 *   neither → empty and invalid. Both tags, or either tag twice, → invalid (the block is kept).
 * - appworld: the text between the first `<code>` and `</code>` (case-sensitive, not stripped),
 *   else the last 100 characters, invalid. Valid also needs `<think>` and `</think>`.
 * - gym_cards: the `"action"` value of the JSON reply (approximate: the games' own parsers differ);
 *   no value → invalid.
 */
import type { Projection, VerlEnv } from './verl-types';

const SOKOBAN_ACTIONS: ReadonlyArray<[string, string]> = [
  ['up', 'Up'],
  ['down', 'Down'],
  ['left', 'Left'],
  ['right', 'Right'],
  ['still', 'Still'],
];

const hasThink = (response: string): boolean => response.includes('<think>') && response.includes('</think>');

function sokoban(response: string): Projection {
  const lower = response.toLowerCase();
  const start = lower.indexOf('<action>');
  const end = lower.indexOf('</action>');
  if (start < 0 || end < 0) return { action: null, envAction: 'Still', valid: false };
  const text = lower.slice(start + '<action>'.length, end).trim();
  const found = SOKOBAN_ACTIONS.find(([key]) => text.includes(key));
  if (!found) return { action: null, envAction: 'Still', valid: false };
  return { action: found[0], envAction: found[1], valid: hasThink(response) };
}

function search(response: string): Projection {
  let trimmed = response;
  for (const close of ['</search>', '</answer>']) {
    const at = response.indexOf(close);
    if (at >= 0) {
      trimmed = response.slice(0, at) + close;
      break;
    }
  }
  const block = /<search>([\s\S]*?)<\/search>/i.exec(trimmed) ?? /<answer>([\s\S]*?)<\/answer>/i.exec(trimmed);
  const tag = block ? (block[0].slice(0, 8).toLowerCase() === '<search>' ? 'search' : 'answer') : null;
  const envAction = block ? `<${tag}>${block[1].trim()}</${tag}>` : '';
  const searches = response.match(/<search>/gi)?.length ?? 0;
  const answers = response.match(/<answer>/gi)?.length ?? 0;
  const valid = block !== null && !(searches > 0 && answers > 0) && searches <= 1 && answers <= 1;
  return { action: block ? envAction : null, envAction, valid };
}

function appworld(response: string): Projection {
  const start = response.indexOf('<code>');
  const end = response.indexOf('</code>');
  if (start < 0 || end < 0) return { action: null, envAction: response.slice(-100), valid: false };
  const code = response.slice(start + '<code>'.length, end);
  return { action: code, envAction: code, valid: hasThink(response) };
}

function gymCards(response: string): Projection {
  const m = /"action"\s*:\s*"([^"]*)"/.exec(response);
  return m ? { action: m[1], envAction: m[1], valid: true } : { action: null, envAction: '', valid: false };
}

export function projectOtherAction(response: string, env: Extract<VerlEnv, 'sokoban' | 'search' | 'appworld' | 'gym_cards'>): Projection {
  if (env === 'sokoban') return sokoban(response);
  if (env === 'search') return search(response);
  if (env === 'appworld') return appworld(response);
  return gymCards(response);
}
