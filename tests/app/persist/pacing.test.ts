import { describe, expect, it } from 'vitest';
import { paced, releaseWaiting } from '../../../src/app/persist/pacing';

/** Settles within a macrotask? (true: the promise resolved; false: it still waits). */
async function settled(p: Promise<void> | undefined): Promise<boolean> {
  let done = false;
  void p?.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((ok) => (resolve = ok));
  return { promise, resolve };
}

describe('pacing: a report is answered once its save is acknowledged', () => {
  it('the answer waits for the save, and comes when the save is acknowledged', async () => {
    const save = deferred();
    const answer = paced(save.promise);
    expect(answer).toBeInstanceOf(Promise);
    expect(await settled(answer)).toBe(false);
    save.resolve();
    expect(await settled(answer)).toBe(true);
  });

  it('saving stopping answers every waiting report, and later reports wait for their saves again', async () => {
    const [a, b] = [deferred(), deferred()];
    const [first, second] = [paced(a.promise), paced(b.promise)];
    releaseWaiting();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
    const c = deferred();
    const third = paced(c.promise);
    expect(await settled(third)).toBe(false);
    c.resolve();
    expect(await settled(third)).toBe(true);
  });
});
