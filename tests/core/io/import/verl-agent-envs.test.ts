import { describe, expect, it } from 'vitest';
import { importText } from '../../../../src/core/io';
import { parseVerlPrompt, projectVerlAction } from '../../../../src/core/io/import/formats/verl-prompt';
import { pyFloat, pyJsonLines } from './py-json';

/**
 * Prompts as verl-agent renders them (agent_system/environments/prompts/{sokoban,search,appworld,
 * gym_cards}.py filled by env_manager.py `build_text_obs`, histories from memory/memory.py
 * SimpleMemory / SearchMemory and the AppWorld loop), decoded through Qwen's chat template without
 * special tokens. The structural lines the reader relies on are exact; long instruction paragraphs
 * that the parser never reads are shortened to "[…]" to keep the fixtures small.
 */
const head = 'system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.\nuser\n';
const tail = '\nassistant\n';

// ---------------------------------------------------------------- sokoban

const SOKOBAN_TOP = '\nYou are an expert agent operating in the Sokoban environment.\n\n# Symbols and Their Meaning\n[…]\n\n# Current Step\n';
const SOKOBAN_BOTTOM = '\nYour admissible actions are ["up", "down", "left", "right"].\n\nNow it\'s your turn to make a move (choose ONE action only for the current step).\n[…]\n';

function sokobanPrompt(maps: string[], actions: string[], k: number): string {
  if (k === 0) return `${head}${SOKOBAN_TOP}Your current observation is:\n${maps[0]}${SOKOBAN_BOTTOM}${tail}`;
  const from = Math.max(0, k - 2);
  const history = maps.slice(from, k).map((m, j) => `[Observation ${from + j + 1}: '${m}', Action ${from + j + 1}: '${actions[from + j]}']`).join('\n');
  return `${head}${SOKOBAN_TOP}Prior to this step, you have already taken ${k} step(s). Below are the most recent ${k - from} observations and the corresponding actions you took: ${history}\nYou are now at step ${k + 1} and your current observation is:\n${maps[k]}${SOKOBAN_BOTTOM}${tail}`;
}

/** A map as verl-agent's Sokoban renders it as text (`GRID_LOOKUP` cells " # \t" …, rows joined by "\n"). */
const grid = (rows: string[]) => rows.map((r) => [...r].map((c) => ` ${c} \t`).join('')).join('\n');
const MAPS = [grid(['####', '#_P#', '#_X#', '#_O#', '####']), grid(['####', '#__#', '#_P#', '#_√#', '####'])];
const MAPS_LEFT = [MAPS[0], grid(['####', '#P_#', '#_X#', '#_O#', '####'])];
const reply = (a: string) => `<think>The box is below me.</think><action>${a}</action>`;

describe('verl-agent templates other than ALFWorld', () => {
  it('sokoban: the map is the observation, the task is empty, the history action is the action name', () => {
    const p = parseVerlPrompt(sokobanPrompt([...MAPS, MAPS[1]], ['Down', 'Still'], 2));
    expect(p).toMatchObject({ env: 'sokoban', task: '', stepCount: 2, observation: MAPS[1], admissible: ['up', 'down', 'left', 'right'] });
    expect(p.last).toEqual({ observation: MAPS[1], action: 'Still' });
    expect(parseVerlPrompt(sokobanPrompt(MAPS, [], 0))).toMatchObject({ stepCount: 0, observation: MAPS[0], last: null });
    expect(projectVerlAction(reply('Move DOWN'), 'sokoban')).toEqual({ action: 'down', envAction: 'Down', valid: true });
    expect(projectVerlAction('<action>jump</action>', 'sokoban')).toEqual({ action: null, envAction: 'Still', valid: false });
  });

  it('sokoban: a dump of two members of one group is rebuilt into their two trajectories', () => {
    const row = (input: string, output: string, score: number) => ({ input, output, score: pyFloat(score), step: 4 });
    const text = pyJsonLines([
      row(sokobanPrompt(MAPS, ['Down'], 0), reply('down'), 10),
      row(sokobanPrompt(MAPS_LEFT, ['Left'], 0), reply('left'), 0),
      row(sokobanPrompt(MAPS, ['Down'], 1), reply('down'), 10),
      row(sokobanPrompt(MAPS_LEFT, ['Left'], 1), 'no tags', -0.1),
    ]);
    const result = importText(text, { fileName: '4.jsonl' });
    expect(result.format).toBe('verl-agent');
    expect(result.problemCount).toBe(0);
    expect(result.summary).toMatchObject({ trajectories: 2, groups: 1, envs: ['sokoban'] });
    const actions = result.trajectories.map((t) => t.turns.map((u) => u.action));
    expect(actions).toEqual(expect.arrayContaining([['down', 'down'], ['left', null]]));
    expect(result.trajectories.map((t) => t.outcome.success).sort()).toEqual([false, true]);
  });

  it('search: the question is the task, the last information is the observation, records chain by search query', () => {
    const TOP = '\nYou are an expert agent tasked with answering the given question step-by-step.\nYour question: who wrote the novel dune?\n\n';
    const BOTTOM = "\n\nNow it's your turn to respond for the current step.\nYou should first conduct reasoning process. [\u2026]\n";
    const rec = (j: number, a: string, info: string) => `Step ${j}:${a} ${info}\n`;
    const r1 = rec(1, '<search>dune novel author</search>', '<information>Doc 1(Title: Dune) Dune is a 1965 novel by Frank Herbert.</information>');
    const r2 = rec(2, '<search>frank herbert</search>', '<information>Doc 1(Title: Frank Herbert) American author.</information>');
    const prior = (k: number, memory: string) => `Prior to this step, you have already taken ${k} step(s). Below is the interaction history where <search> </search> wrapped your past search queries and <information> </information> wrapped the corresponding search results returned by the external search engine. History:\n${memory}`;
    const step0 = `${head}${TOP.slice(0, -2)}${BOTTOM}${tail}`;
    const step2 = `${head}${TOP}${prior(2, [r1, r2].join('\n'))}${BOTTOM}${tail}`;
    expect(parseVerlPrompt(step0)).toMatchObject({ env: 'search', task: 'who wrote the novel dune?', stepCount: 0, observation: '' });
    const p = parseVerlPrompt(step2);
    expect(p).toMatchObject({ env: 'search', task: 'who wrote the novel dune?', stepCount: 2, observation: '<information>Doc 1(Title: Frank Herbert) American author.</information>' });
    expect(p.last).toEqual({ observation: '<information>Doc 1(Title: Dune) Dune is a 1965 novel by Frank Herbert.</information>', action: '<search>frank herbert</search>' });
    expect(projectVerlAction('<think>x</think> <search> Frank Herbert </search>', 'search')).toEqual({ action: '<search>Frank Herbert</search>', envAction: '<search>Frank Herbert</search>', valid: true });
    expect(projectVerlAction('<search>a</search><answer>b</answer>', 'search').valid).toBe(false);
    const text = pyJsonLines([
      { input: step0, output: '<think>look it up</think><search>dune novel author</search>', score: pyFloat(1), step: 1 },
      { input: `${head}${TOP}${prior(1, r1)}${BOTTOM}${tail}`, output: '<think>check</think><search>frank herbert</search>', score: pyFloat(1), step: 1 },
      { input: step2, output: '<think>done</think><answer>Frank Herbert</answer>', score: pyFloat(1), step: 1 },
    ]);
    const result = importText(text);
    expect(result.format).toBe('verl-agent');
    expect(result.problemCount).toBe(0);
    expect(result.summary).toMatchObject({ trajectories: 1, groups: 1, envs: ['search'] });
    expect(result.trajectories[0].turns.map((t) => t.action)).toEqual(['<search>dune novel author</search>', '<search>frank herbert</search>', '<answer>Frank Herbert</answer>']);
    expect(result.trajectories[0].outcome).toMatchObject({ success: true, episode_reward: 1 }); // search pays 1 on a win
  });

  it('appworld: the task is the one after the worked example, the last result is the observation', () => {
    const TOP =
      '\nI am your supervisor and you are a super intelligent AI Assistant whose job is to achieve my day-to-day tasks completely autonomously.\n\n[…]\n\nYour task is: What is the password for my Spotify account?\n\n[…]\n\nUsing these APIs, now begin writing code cells step-by-step to solve the actual task:\n\nMy name is: Ann Lee. My personal email is ann@example.com and phone number is 5550100.\n\nYour task is: How many songs are in my Spotify queue?\n\n';
    const history = `Code 1: \nprint(apis.spotify.show_queue())\n\nResult 1: \n[{"song_id": 1}, {"song_id": 2}]\n\nCode 2: \nprint(len(queue))\n\nResult 2: \nNameError: name 'queue' is not defined`;
    const input = `${head}${TOP}Prior to this step, you have already taken 2 step(s). Below are the most recent 2 codes you generated and the corresponding environment return: \n${history}\n\nNow you are at step 3 and it's your turn to generate code for this step.\n[…]\n${tail}`;
    const p = parseVerlPrompt(input);
    expect(p).toMatchObject({ env: 'appworld', task: 'How many songs are in my Spotify queue?', stepCount: 2, observation: "NameError: name 'queue' is not defined" });
    expect(p.last).toEqual({ observation: '[{"song_id": 1}, {"song_id": 2}]', action: 'print(len(queue))' });
    expect(parseVerlPrompt(`${head}${TOP}Now it's your turn to generate code to solve the task.\n[…]\n${tail}`)).toMatchObject({ task: 'How many songs are in my Spotify queue?', stepCount: 0, observation: '' });
    expect(projectVerlAction('<think>t</think><code>print(1)</code>', 'appworld')).toEqual({ action: 'print(1)', envAction: 'print(1)', valid: true });
  });

  it('gym_cards: each game is told by its template; the formula is the observation; there is no history', () => {
    const points = `${head}\n<image>You are an expert at solving the classic "24 Game", where you build an formula [\u2026]\nExample 1:\nThe current formula is: '8*'  \n[\u2026]\nNow, you are given four card numbers as shown in the image, and the current formula is: '(3+'\nIt's your turn to append the next character.\n[\u2026]\n${tail}`;
    expect(parseVerlPrompt(points)).toMatchObject({ env: 'gym_cards', task: 'points24', stepCount: 0, observation: '(3+', last: null });
    const line = `${head}\n<image>You are playing a game called number line. You will see a target number [\u2026]\n${tail}`;
    expect(parseVerlPrompt(line)).toMatchObject({ env: 'gym_cards', task: 'numberline', observation: '' });
    expect(projectVerlAction('{\n"thoughts": "closer",\n"action": "+"\n}', 'gym_cards')).toEqual({ action: '+', envAction: '+', valid: true });
  });
});
