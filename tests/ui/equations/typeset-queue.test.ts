import { describe, expect, it } from 'vitest';
import { typesetQueue } from '../../../src/ui/equations/typeset-queue';

/** A scheduler that collects tasks and runs them when told, one at a time. */
function manualTasks() {
  const tasks: Array<() => void> = [];
  return { schedule: (run: () => void) => { tasks.push(run); }, runOne: () => tasks.shift()?.(), get pending() { return tasks.length; } };
}

describe('typeset queue', () => {
  it('runs one job per task, in order', () => {
    const tasks = manualTasks();
    const queue = typesetQueue(tasks.schedule);
    const done: string[] = [];
    queue.enqueue(() => done.push('a'));
    queue.enqueue(() => done.push('b'));
    queue.enqueue(() => done.push('c'));
    expect(done).toEqual([]);
    expect(tasks.pending).toBe(1);
    tasks.runOne();
    expect(done).toEqual(['a']);
    tasks.runOne();
    tasks.runOne();
    expect(done).toEqual(['a', 'b', 'c']);
    expect(tasks.pending).toBe(0);
    expect(queue.size).toBe(0);
  });

  it('a job taken back before its task never runs', () => {
    const tasks = manualTasks();
    const queue = typesetQueue(tasks.schedule);
    const done: string[] = [];
    queue.enqueue(() => done.push('a'));
    const cancel = queue.enqueue(() => done.push('b'));
    cancel();
    while (tasks.pending > 0) tasks.runOne();
    expect(done).toEqual(['a']);
    queue.enqueue(() => done.push('c')); // the queue starts again after running dry
    tasks.runOne();
    expect(done).toEqual(['a', 'c']);
  });

  it('shows what the jobs typeset all at once, in one task after the last job', () => {
    const tasks = manualTasks();
    const queue = typesetQueue(tasks.schedule);
    const log: string[] = [];
    for (const line of ['a', 'b', 'c']) queue.enqueue(() => log.push(`typeset ${line}`), () => log.push(`show ${line}`));
    tasks.runOne();
    tasks.runOne();
    expect(log).toEqual(['typeset a', 'typeset b']);
    tasks.runOne();
    expect(log).toEqual(['typeset a', 'typeset b', 'typeset c']); // the last job's task shows nothing yet
    expect(tasks.pending).toBe(1);
    tasks.runOne();
    expect(log.slice(3)).toEqual(['show a', 'show b', 'show c']);
    expect(tasks.pending).toBe(0);
  });

  it('a job queued while others are typeset is shown with them; one taken back after it ran is never shown', () => {
    const tasks = manualTasks();
    const queue = typesetQueue(tasks.schedule);
    const shown: string[] = [];
    const cancelA = queue.enqueue(() => undefined, () => shown.push('a'));
    queue.enqueue(() => undefined, () => shown.push('b'));
    tasks.runOne(); // a typeset
    cancelA(); // its equation changed again or went away before the lines were shown
    queue.enqueue(() => undefined, () => shown.push('c'));
    while (tasks.pending > 0) tasks.runOne();
    expect(shown).toEqual(['b', 'c']);
  });
});
