import { useEffect, useState } from 'react';
import { useRunStore } from '../../state/run-store';

/** Seconds since `since` (ms), ticking once a second while `on`. */
function useElapsed(on: boolean): number {
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    if (!on) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [on]);
  return Math.round((now - start) / 1000);
}

const WHY: Record<string, string> = {
  webgpu: 'The first iteration on WebGPU compiles its GPU shaders; on a software adapter (no GPU) that can take minutes. The wasm backend is usually faster there.',
  cpu: 'The cpu backend is plain JavaScript: expect tens of seconds an iteration. wasm is several times faster.',
  wasm: 'The first iteration also loads the policy and the environment.',
};

/** While runs wait for their first iteration: how long so far, and why it may take a while. */
export function FirstIterationWait() {
  const runs = useRunStore((s) => s.runs);
  const training = useRunStore((s) => s.training);
  const waiting = runs.length > 0 && runs.every((r) => r.iteration === 0) && training;
  const elapsed = useElapsed(waiting);
  const backend = runs.find((r) => r.backend)?.backend ?? null;
  if (!waiting) return <p className="empty">Waiting for the first iteration…</p>;
  return (
    <p className="empty" role="status" data-testid="first-iteration-wait">
      Waiting for the first iteration{backend ? ` on ${backend}` : ''}: {elapsed} s so far.{' '}
      {backend ? WHY[backend] ?? '' : 'Starting the workers.'}
    </p>
  );
}

/** A plain estimate for a slow run: seconds an iteration and the time left to K. */
export function slowEstimate(itersPerSecond: number | null, iteration: number, total: number): string | null {
  if (itersPerSecond === null || itersPerSecond <= 0 || itersPerSecond >= 0.2) return null;
  const perIteration = 1 / itersPerSecond;
  const left = Math.max(0, total - iteration) * perIteration;
  const minutes = left >= 120 ? `${Math.round(left / 60)} min` : `${Math.round(left)} s`;
  return `slow here: about ${Math.round(perIteration)} s an iteration, ${minutes} to iteration ${total}`;
}
