import { describe, expect, it } from 'vitest';
import { createImporter, importText } from '../../../../src/core/io';
import { reactAction } from '../../../../src/core/io/import/formats/agentgym-rl';
import { fixtureText } from '../fixtures';

describe('AgentGym-RL step{N}/{rank}.json', () => {
  it('is detected from content; step and rank come from the path; consecutive entries of one item_id are a group', () => {
    const result = importText(fixtureText('import/agentgym-rl/step5/2.json'), { fileName: 'logs/step5/2.json' });
    expect(result.format).toBe('agentgym-rl');
    expect(result.summary).toMatchObject({ trajectories: 8, groups: 2, trainSteps: [5], envs: ['sciworld'] });
    expect(result.trajectories[0].group_id).toBe('agentgym-rl:5:2:12');
    expect(result.trajectories[3].sample_index).toBe(3);
    expect(result.tokenCounts).toBe('estimated');
  });

  it('turns are the assistant messages after the prompt; R(τ) is the final reward on the last turn; SciWorld success is 100', () => {
    const result = importText(fixtureText('import/agentgym-rl/step5/2.json'), { fileName: 'step5/2.json' });
    const t = result.trajectories[0];
    expect(t.turns[0].observation).toMatch(/^Your task is to /);
    expect(t.turns[0].feedback).toBe(t.turns[1].observation);
    expect(t.turns.at(-1)!.reward).toBe(t.outcome.episode_reward);
    for (const r of result.trajectories) expect(r.outcome.success).toBe(r.outcome.episode_reward >= 100);
    expect(result.notes.join(' ')).not.toMatch(/step unknown/);
  });

  it('reads the ReAct action after the last "Action:"', () => {
    expect(reactAction('Thought:\nhm\n\nAction:\n go to desk 1 \n')).toBe('go to desk 1');
    expect(reactAction('just thinking')).toBeNull();
  });

  it('bad entries are problems at the line where they start; the other entries are kept', () => {
    const result = importText(fixtureText('import/agentgym-rl-malformed.json'));
    expect(result.problems.map((p) => p.reason)).toEqual([
      'item 3: "conversations" must be an array',
      'item 3: "reward" must be a finite number',
      'item 4: message 0 and 1 should be user then assistant, got assistant then assistant',
    ]);
    const text = fixtureText('import/agentgym-rl-malformed.json').split('\n');
    for (const p of result.problems) expect(text[p.line! - 1]).toBe('    {');
    expect(result.summary.trajectories).toBe(5);
    expect(result.notes).toContain('training step unknown: the file name does not read step{N}/{rank}.json');
  });
});

describe('RAGEN rollout cache', () => {
  it('reads a serialised cache: groups by tag and group_id, success from metrics, the format penalty kept', () => {
    const result = importText(fixtureText('import/ragen-cache.json'));
    expect(result.format).toBe('ragen-cache');
    expect(result.summary).toMatchObject({ trajectories: 8, groups: 2, trainSteps: [2], envs: ['webshop'] });
    const t = result.trajectories[0];
    expect(t.group_id).toBe('ragen:2:WebShop:0');
    expect(t.turns.at(-1)!.feedback).toBeDefined();
    expect(result.trajectories.some((r) => typeof r.outcome.penalty === 'number' && r.outcome.penalty < 0)).toBe(true);
  });

  it('JSON Lines caches report bad lines and keep the rest', () => {
    const result = importText(fixtureText('import/ragen-malformed.jsonl'));
    expect(result.problems).toEqual([
      { line: 3, reason: 'env 2: the history has no turn with a response' },
      { line: 6, reason: expect.stringMatching(/^not valid JSON/) },
    ]);
    expect(result.summary.trajectories).toBe(6);
  });
});

describe('detection and problems across formats', () => {
  it('a file with 1,000 malformed lines among 400 good ones counts them all, lists 100, keeps every good line', () => {
    const text = fixtureText('import/rollouts-1000-malformed.jsonl');
    const importer = createImporter();
    for (let i = 0; i < text.length; i += 65536) importer.feed(text.slice(i, i + 65536));
    const result = importer.finish();
    expect(result.problemCount).toBe(1000);
    expect(result.problems).toHaveLength(100);
    expect(result.trajectories).toHaveLength(400);
    const good = text.split('\n').filter((l) => l.includes('#'));
    expect(result.trajectories.map((t) => t.traj_id)).toEqual(good.map((l) => (JSON.parse(l) as { traj_id: string }).traj_id));
  });

  it('restricting the candidates (convert --from) rejects a file of another framework with a readable reason', () => {
    expect(() => importText(fixtureText('import/ragen-cache.json'), { formats: ['verl-agent', 'verl-agent-uid'] })).toThrow(
      /could not read the file as verl-agent dump with uid \/ traj_uid \/ verl-agent rollout_data_dir dump: line 1 holds an object with keys env_id/,
    );
  });

  it('HTML and script payloads in every string field are kept verbatim as data', () => {
    const result = importText(fixtureText('import/html-payloads.jsonl'));
    expect(result.problemCount).toBe(0);
    const t = result.trajectories[0];
    expect(t.group_id).toContain('<script>alert("x")</script>');
    const all = JSON.stringify(result.trajectories);
    for (const payload of ['<script>alert("x")</script>', '<img src=x onerror="alert(1)">', '</textarea><svg onload=alert(2)>', '$$\\href{javascript:alert(3)}{k}$$', '<b>bold</b> &amp; &lt;']) {
      expect(all).toContain(JSON.stringify(payload).slice(1, -1));
    }
    const strings = [t.source.framework, t.source.run_id, t.env.name, t.task.task_id, t.task.instruction, t.traj_id, t.turns[0].observation, t.turns[0].response, t.turns[0].feedback, t.outcome.terminated_by];
    for (const s of strings) expect(s).toMatch(/<|\$\$/);
  });
});
