/**
 * Several tabs. A saved lab belongs to one tab at a time: the tab that trains it holds the Web Lock
 * `rollout-lab.lab.<id>`; another tab that opens it shows it read-only and waits for the lock (it
 * takes over when the owner closes). A BroadcastChannel tells the other tabs when a lab was saved
 * (a read-only tab refreshes) and which tabs are training, so tabs training at once can say that
 * they share the machine.
 */
import { randomId } from '../random-id';
import { savedRunsEvents } from '../../state/saved-runs-store';

const LOCK_PREFIX = 'rollout-lab.lab.';
const tabId = randomId();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('rollout-lab') : null;

type Message =
  | { type: 'saved'; labId: string }
  | { type: 'training'; tab: string; training: boolean }
  | { type: 'hello'; tab: string }
  | { type: 'bye'; tab: string };

let held: { labId: string; release: () => void } | null = null;
let waiting: AbortController | null = null;
let gained: (labId: string) => void = () => undefined;
let savedListener: (labId: string) => void = () => undefined;
let training = false;
const trainingTabs = new Set<string>();

function post(message: Message): void {
  channel?.postMessage(message);
}

/** Hold the lab's lock if no other tab does; otherwise wait for it (read-only meanwhile). Resolves true when held. */
export async function claimLab(labId: string): Promise<boolean> {
  releaseLab();
  if (!navigator.locks) return true;
  const got = await new Promise<boolean>((resolve) => {
    void navigator.locks.request(LOCK_PREFIX + labId, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(false);
        return undefined;
      }
      resolve(true);
      return new Promise<void>((release) => (held = { labId, release }));
    });
  });
  if (!got) waitForLab(labId);
  return got;
}

function waitForLab(labId: string): void {
  const abort = new AbortController();
  waiting = abort;
  navigator.locks.request(LOCK_PREFIX + labId, { signal: abort.signal }, () => {
    waiting = null;
    gained(labId);
    return new Promise<void>((release) => (held = { labId, release }));
  }).catch(() => undefined); // aborted: this tab moved on to another lab
}

/**
 * Wait for the lab's lock (read-only meanwhile) unless this tab holds it: the read-only refresh
 * calls this, since reopening the runs let go of an earlier wait. False: not held now.
 */
export function awaitLab(labId: string): boolean {
  if (held?.labId === labId) return true;
  releaseLab();
  if (navigator.locks) waitForLab(labId);
  return false;
}

/** Let go of the current lab (Reset, opening another). */
export function releaseLab(): void {
  held?.release();
  held = null;
  waiting?.abort();
  waiting = null;
}

export function onOwnershipGained(listener: (labId: string) => void): void {
  gained = listener;
}

export function onLabSaved(listener: (labId: string) => void): void {
  savedListener = listener;
}

export function announceSaved(labId: string): void {
  post({ type: 'saved', labId });
}

export function announceTraining(now: boolean): void {
  training = now;
  post({ type: 'training', tab: tabId, training: now });
}

function receive(message: Message): void {
  if (message.type === 'saved') savedListener(message.labId);
  else if (message.type === 'hello') post({ type: 'training', tab: tabId, training });
  else {
    if (message.type === 'training' && message.training) trainingTabs.add(message.tab);
    else trainingTabs.delete(message.tab);
    savedRunsEvents.otherTabsTrainingChanged(trainingTabs.size);
  }
}

export function startTabs(): void {
  if (!channel) return;
  channel.onmessage = (e: MessageEvent<Message>) => receive(e.data);
  post({ type: 'hello', tab: tabId });
  window.addEventListener('pagehide', () => post({ type: 'bye', tab: tabId }));
}
