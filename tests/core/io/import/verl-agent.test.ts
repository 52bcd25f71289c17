import { describe, expect, it } from 'vitest';
import { importText } from '../../../../src/core/io';
import { parseVerlPrompt, projectVerlAction } from '../../../../src/core/io/import/formats/verl-prompt';
import { simulateGroup } from '../../../../src/core/io/samples/simulate';
import { verlDumpText } from '../../../../src/core/io/samples/write-verl';
import { fixtureText } from '../fixtures';

const shape = (rows: Array<{ n: number; ok: boolean }>) => rows.map((r) => `${r.n}${r.ok ? 'S' : 'F'}`).sort();

describe('verl-agent prompts and projection', () => {
  it('reads the task, step count, current observation, admissible actions and last history record', () => {
    const input =
      "system\nYou are Qwen.\nuser\n\nYou are an expert agent operating in the ALFRED Embodied Environment. Your task is to: put a hot egg in fridge.\n" +
      "Prior to this step, you have already taken 3 step(s). Below are the most recent 2 observations and the corresponding actions you took: " +
      "[Observation 2: 'You arrive at countertop 1.', Action 2: 'take egg 1 from countertop 1']\n[Observation 3: 'You pick up the egg 1 from the countertop 1.', Action 3: 'go to microwave 1']\n" +
      "You are now at step 4 and your current observation is: You arrive at microwave 1.\nYour admissible actions of the current situation are: ['heat egg 1 with microwave 1'\n 'look'].\n\nNow it's your turn to act.\nassistant\n";
    const p = parseVerlPrompt(input);
    expect(p).toMatchObject({ env: 'alfworld', task: 'put a hot egg in fridge.', stepCount: 3, observation: 'You arrive at microwave 1.', admissible: ['heat egg 1 with microwave 1', 'look'] });
    expect(p.last).toEqual({ observation: 'You pick up the egg 1 from the countertop 1.', action: 'go to microwave 1' });
    expect(p.prevText).toBe("[Observation 2: 'You arrive at countertop 1.', Action 2: 'take egg 1 from countertop 1']");
  });

  it('projects actions as verl-agent does: lower-cased tag content, the tail without tags, validity needs think tags and no CJK', () => {
    expect(projectVerlAction('<think>x</think><action> Go To Desk 1 </action>', 'alfworld')).toEqual({ action: 'go to desk 1', envAction: 'go to desk 1', valid: true });
    expect(projectVerlAction('<action>look</action>', 'alfworld')).toMatchObject({ action: 'look', valid: false });
    expect(projectVerlAction('<think>想</think><action>look</action>', 'alfworld').valid).toBe(false);
    const tail = projectVerlAction('I would like to go to the desk number one please', 'alfworld');
    expect(tail).toEqual({ action: null, envAction: 'to the desk number one please'.padStart(30, ' ').slice(-30), valid: false });
    expect(projectVerlAction('I would like to go to the desk number one please', 'webshop').envAction).toHaveLength(20);
  });
});

describe('verl-agent stock dump', () => {
  it('is detected from content and rebuilt into the simulated groups: same groups, sizes, turn counts and outcomes', () => {
    const groups = [21, 22].map((seed) => simulateGroup('household-v0', seed, { groupSize: 4, maxTurns: 8 }));
    const result = importText(fixtureText('import/verl-agent/7.jsonl'), { fileName: '7.jsonl' });
    expect(result.format).toBe('verl-agent');
    expect(result.summary).toMatchObject({ trajectories: 8, groups: 2, trainSteps: [7], envs: ['alfworld'] });
    expect(result.problemCount).toBe(0);
    expect(shape(result.trajectories.map((t) => ({ n: t.turns.length, ok: t.outcome.success })))).toEqual(
      shape(groups.flatMap((g) => g.trajectories.map((t) => ({ n: t.steps.length, ok: t.success })))),
    );
    expect(result.notes.some((n) => /repeated rows read as padding/.test(n))).toBe(true);
  });

  it('turns carry the parsed observation, action, validity, −0.1 penalty and R(τ) on the last turn; L is estimated and marked', () => {
    const result = importText(fixtureText('import/verl-agent/7.jsonl'));
    expect(result.tokenCounts).toBe('estimated');
    const won = result.trajectories.find((t) => t.outcome.success)!;
    expect(won.outcome.episode_reward).toBe(10);
    expect(won.turns.at(-1)).toMatchObject({ reward: 10, done: true });
    expect(won.turns[0].observation).toMatch(/^-= Welcome to TextWorld, ALFRED! =-/);
    expect(won.turns.every((t) => t.response_tokens_estimated === true && (t.response_tokens ?? 0) >= 1)).toBe(true);
    const bad = result.trajectories.flatMap((t) => t.turns).find((t) => t.format_valid === false);
    expect(bad).toMatchObject({ action: null, penalty: -0.1 });
  });

  it('every shuffled, padded dump of six simulated batches keeps the (T_i, success) of every trajectory', () => {
    for (const [envId, tail] of [['household-v0', 30], ['shop-v0', 20]] as const) {
      for (let seed = 1; seed < 4; seed++) {
        const groups = [1, 2, 3].map((g) => simulateGroup(envId, g * 7 + seed * 131, { groupSize: 8, maxTurns: 10, junkTail: tail }));
        const result = importText(verlDumpText(groups, 1, { seed }));
        expect(result.summary.groups).toBe(3);
        expect(shape(result.trajectories.map((t) => ({ n: t.turns.length, ok: t.outcome.success })))).toEqual(
          shape(groups.flatMap((g) => g.trajectories.map((t) => ({ n: t.steps.length, ok: t.success })))),
        );
      }
    }
  });

  it('damaged rows are problems with their line numbers, rows that lose their predecessor are reported, the rest is kept', () => {
    const result = importText(fixtureText('import/verl-agent-malformed.jsonl'));
    expect(result.format).toBe('verl-agent');
    const lines = result.problems.map((p) => p.line);
    expect(lines.slice(0, 3)).toEqual([2, 4, 6]);
    expect(result.problems[0].reason).toMatch(/^not valid JSON/);
    expect(result.problems[1].reason).toMatch(/not a verl-agent row/);
    expect(result.problems[2].reason).toMatch(/the prompt has no task where its verl-agent template/);
    expect(result.problems.slice(3).every((p) => /left out$/.test(p.reason))).toBe(true);
    expect(result.problemCount).toBeGreaterThan(3);
    expect(result.summary.groups).toBe(2);
  });
});

describe('verl-agent dump with uid / traj_uid', () => {
  it('groups by uid, orders turns by step count, reads is_action_valid and response_length', () => {
    const result = importText(fixtureText('import/verl-agent-uid/7.jsonl'));
    expect(result.format).toBe('verl-agent-uid');
    expect(result.summary).toMatchObject({ trajectories: 8, groups: 2, envs: ['webshop'] });
    expect(result.tokenCounts).toBe('file');
    for (const t of result.trajectories) {
      expect(t.turns.map((u) => u.t)).toEqual(t.turns.map((_, k) => k));
      expect(t.turns[0].observation).toBe("'Search'");
    }
    expect(result.notes.some((n) => /repeated turn-samples dropped/.test(n))).toBe(true);
  });
});
