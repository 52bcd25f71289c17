import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { spawnWorker, STOPPED_MESSAGE } from '../../src/app/spawn-worker';

/** A stand-in for a browser Worker: one end of a MessageChannel, with the page's `error` event and terminate(). */
class FakeWorker extends EventTarget {
  terminated = false;
  constructor(private readonly port: MessagePort) {
    super();
    port.addEventListener('message', (e) => this.dispatchEvent(new MessageEvent('message', { data: (e as MessageEvent).data })));
    port.start();
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.port.postMessage(message, transfer);
  }
  terminate() {
    this.terminated = true;
    this.port.close();
  }
  crash(message: string) {
    const event = new Event('error', { cancelable: true }) as Event & { message: string };
    event.message = message;
    this.dispatchEvent(event);
    return event.defaultPrevented;
  }
}

function start() {
  const { port1, port2 } = new MessageChannel();
  let release: () => void = () => undefined;
  const api = {
    double: (x: number) => 2 * x,
    /** Never answers until released. */
    wait: () => new Promise<string>((resolve) => (release = () => resolve('released'))),
  };
  Comlink.expose(api, port2);
  const fake = new FakeWorker(port1);
  const handle = spawnWorker<typeof api>(fake as unknown as Worker);
  return { fake, handle, release: () => release(), close: () => port2.close() };
}

describe('spawnWorker', () => {
  it('answers calls through the worker API', async () => {
    const { handle, close } = start();
    await expect(handle.api.double(21)).resolves.toBe(42);
    handle.terminate();
    close();
  });

  it('a crash rejects the call in flight and every later call with its message, and is reported once', async () => {
    const { fake, handle, close } = start();
    const heard: string[] = [];
    handle.onCrash((m) => heard.push(m));
    const inFlight = handle.api.wait();
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.crash('Aborted()')).toBe(true); // the page logs no uncaught error
    fake.crash('a second error');
    await expect(inFlight).rejects.toThrow('Aborted()');
    await expect(handle.api.double(1)).rejects.toThrow('Aborted()');
    expect(heard).toEqual(['Aborted()']);
    expect(handle.ended()).toBe(true);
    handle.terminate();
    close();
  });

  it('terminate ends the worker and rejects calls in flight without calling the crash listeners', async () => {
    const { fake, handle, close } = start();
    const heard: string[] = [];
    handle.onCrash((m) => heard.push(m));
    const inFlight = handle.api.wait();
    handle.terminate();
    handle.terminate();
    expect(fake.terminated).toBe(true);
    await expect(inFlight).rejects.toThrow(STOPPED_MESSAGE);
    await expect(handle.api.double(2)).rejects.toThrow(STOPPED_MESSAGE);
    expect(heard).toEqual([]);
    close();
  });

  it('a worker that answers before it is stopped keeps its answer', async () => {
    const { handle, release, close } = start();
    const inFlight = handle.api.wait();
    await new Promise((r) => setTimeout(r, 10));
    release();
    await expect(inFlight).resolves.toBe('released');
    handle.terminate();
    close();
  });

  it('the API is not mistaken for a promise when awaited', async () => {
    const { handle, close } = start();
    const api = await Promise.resolve(handle.api);
    await expect(api.double(3)).resolves.toBe(6);
    handle.terminate();
    close();
  });
});
