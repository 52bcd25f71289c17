import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getEnv } from '../../../src/core/env/registry';

interface Step {
  action: string;
  observation: string;
  annotation: string | null;
}

/** The ```transcript block of a doc: header, `---`, reset observation, then `> action` / observation / `= reward`. */
function parseTranscript(markdown: string) {
  const block = /```transcript\n([\s\S]*?)\n```/.exec(markdown);
  if (!block) throw new Error('no ```transcript block');
  const [header, body] = block[1].split('\n---\n');
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(header)![1];
  const lines = body.split('\n');
  const reset: string[] = [];
  const steps: Step[] = [];
  for (const line of lines) {
    if (line.startsWith('> ')) steps.push({ action: line.slice(2), observation: '', annotation: null });
    else if (line.startsWith('= ')) steps[steps.length - 1].annotation = line.slice(2);
    else if (steps.length === 0) reset.push(line);
    else {
      const step = steps[steps.length - 1];
      step.observation = step.observation === '' ? line : `${step.observation}\n${line}`;
    }
  }
  return { env: field('env'), seed: Number(field('seed')), options: JSON.parse(field('options')), reset: reset.join('\n'), steps };
}

const trimLines = (text: string) => text.split('\n').map((l) => l.trimEnd()).join('\n');

describe.each(['household', 'shop', 'science'])('the example transcript in docs/environments/%s.md', (name) => {
  const path = fileURLToPath(new URL(`../../../docs/environments/${name}.md`, import.meta.url));
  const transcript = parseTranscript(readFileSync(path, 'utf8'));

  it('replays through the environment word for word', () => {
    const env = getEnv(transcript.env);
    const reset = env.reset(transcript.seed, transcript.options);
    expect(trimLines(reset.observation)).toBe(trimLines(transcript.reset));
    let state = reset.state;
    for (const step of transcript.steps) {
      const result = env.step(state, step.action);
      expect(trimLines(result.observation)).toBe(trimLines(step.observation));
      const expected = result.reward !== 0 || result.done
        ? `reward ${result.reward}${result.done ? (result.success ? ', success' : ', done') : ''}`
        : null;
      expect(step.annotation).toBe(expected);
      state = result.state;
    }
  });

  it('ends in success', () => {
    expect(transcript.steps.at(-1)!.annotation).toMatch(/success$/);
  });
});
