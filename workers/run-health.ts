/**
 * Health signals of a trainer worker, for the page's fault watch (src/app/fault-watch.ts):
 *
 * - `holdLiveness(name)`: the worker holds a Web Lock named by the page for as long as it lives; the
 *   lock manager releases it when the worker ends in any way (a crash, `self.close()`, terminate),
 *   which is how the page notices a worker that died without a word.
 * - `watchDevice(report)`: on webgpu, report a lost GPU device.
 * - debug faults (the page exposes them only with `?debug=faults`): make the real worker throw, close
 *   itself, stop answering or destroy its WebGPU device after a given iteration, so tests exercise the
 *   real recovery path.
 */
import * as tf from '@tensorflow/tfjs-core';

export type DebugFault = 'throw' | 'close' | 'hang' | 'lose-device';

let armed: { kind: DebugFault; after: number } | null = null;

/** Arm `kind` to fire after iteration `after`; a lost device with `after` 0 is lost at once (before any iteration). */
export function armFault(kind: DebugFault, after: number): void {
  armed = { kind, after };
  if (kind === 'lose-device' && after === 0) maybeFault(0);
}

/** Called after each iteration's report: fires an armed fault once `iteration` reaches its mark. */
export function maybeFault(iteration: number): void {
  if (!armed || iteration < armed.after) return;
  const { kind } = armed;
  armed = null;
  if (kind === 'throw') throw new Error(`debug fault: the trainer threw after iteration ${iteration}`);
  if (kind === 'close') self.close();
  if (kind === 'hang') for (;;) { /* stop answering: busy forever */ }
  if (kind === 'lose-device') (tf.backend() as unknown as { device?: GPUDevice }).device?.destroy();
}

/** Resolves once the worker holds the lock `name`; the lock is kept until the worker ends. */
export function holdLiveness(name: string): Promise<void> {
  return new Promise((granted) => {
    void navigator.locks.request(name, () => {
      granted();
      return new Promise<never>(() => undefined);
    });
  });
}

/** On webgpu, `report` is called once if the GPU device is lost. */
export function watchDevice(report: (message: string) => void): void {
  if (tf.getBackend() !== 'webgpu') return;
  const device = (tf.backend() as unknown as { device?: GPUDevice }).device;
  void device?.lost.then((info) => report(`webgpu device lost${info.message ? `: ${info.message}` : ''}`));
}
