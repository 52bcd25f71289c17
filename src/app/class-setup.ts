/**
 * Applies an opened class link (src/app/class-link.ts) once at start-up: the preset, the view,
 * the recorded runs, what the group view opens on, and autoplay. Its problems join the share
 * link's in the banner.
 */
import { classEvents } from '../state/class-store';
import { configEvents, useConfigStore } from '../state/config-store';
import { viewEvents } from '../state/view-store';
import { parseClassLink } from './class-link';
import { OPENED_PROBLEMS } from './opened-link';
import type { ClassSettings } from '../state/class-settings';
import { PRESETS } from '../state/lab-config';
import { showRecorded } from './recorded-client';
import { train } from './run-client';
import { parseShareLink } from './share-link';

function openPositions(s: ClassSettings): void {
  if (s.iteration !== null) viewEvents.iterationPicked(s.iteration);
  if (s.task !== null) viewEvents.groupPicked(s.task);
  if (s.trajectory !== null || s.turn !== null) viewEvents.trajectoryFocused(s.trajectory ?? 0, s.turn ?? 0);
}

export async function applyClassLink(search: string): Promise<void> {
  const parsed = parseClassLink(search);
  const { settings } = parsed;
  const problems = [...OPENED_PROBLEMS, ...parsed.problems];
  classEvents.linkOpened(settings);
  if (problems.length > 0) {
    useConfigStore.setState((s) => ({ linkProblems: [...s.linkProblems, ...problems] }));
  }
  const preset = PRESETS.find((p) => p.id === settings.preset);
  if (preset) configEvents.presetApplied(preset.apply(useConfigStore.getState().config));
  if (settings.view !== null && window.location.hash === '') window.location.hash = settings.view;
  const params = new URLSearchParams(search);
  const sameAsRecording = !preset || preset.id === settings.recorded;
  const wantsRecorded = settings.recorded !== null && sameAsRecording && (params.has('recorded') || !parseShareLink(search).fromLink);
  if (wantsRecorded) await showRecorded(settings.recorded!);
  openPositions(settings);
  if (settings.autoplay) await train();
}
