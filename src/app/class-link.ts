/**
 * Class links: what a teacher's link opens and hides, beside the run configuration that
 * share-link.ts carries. Keys (all optional; validated here, each bad value named and replaced):
 *
 *   view=lab|play|experiments|import|concepts   the view that opens (the hash wins when both are given)
 *   iteration=K task=B trajectory=I turn=T   what the group view opens on (1-based)
 *   hide=config,backend,…       controls hidden (HIDEABLE_CONTROLS), as TensorFlow Playground's *_hide
 *   tour=1|0 text=1|0           the tour button and the explanatory text shown
 *   preset=ID                   a preset applied on open (it replaces the settings the link carries)
 *   recorded=ID|none            the recorded runs shown at once (default: the classroom recording)
 *   autoplay=1                  press Train on open
 *   embed=1                     one view, no header, navigation or status bar (for an iframe)
 *   embed=group|curves|scatter|equation|tour   only that part of the lab, first and full width
 *   presentation=1              larger type for projectors
 */
import { PRESETS } from '../state/lab-config';
import { CLASS_VIEWS, DEFAULT_CLASS_SETTINGS, EMBED_IDS, HIDEABLE_IDS, type EmbedView, RECORDINGS, type ClassSettings, type HideableControl } from '../state/class-settings';

/** Every key this module reads (a stricter link parser should accept these). */
export const CLASS_LINK_KEYS = ['view', 'iteration', 'task', 'trajectory', 'turn', 'hide', 'tour', 'text', 'preset', 'recorded', 'autoplay', 'embed', 'presentation'] as const;

const FLAGS: Record<string, boolean> = { '1': true, true: true, yes: true, on: true, '0': false, false: false, no: false, off: false };

function flag(params: URLSearchParams, key: 'tour' | 'text' | 'autoplay' | 'embed' | 'presentation', problems: string[]): boolean {
  const fallback = DEFAULT_CLASS_SETTINGS[key];
  const raw = params.get(key);
  if (raw === null) return fallback;
  const v = FLAGS[raw.trim().toLowerCase()];
  if (v !== undefined) return v;
  problems.push(`${key}: expected 1 or 0, got "${raw}"; using ${fallback ? 1 : 0}`);
  return fallback;
}

function position(params: URLSearchParams, key: 'iteration' | 'task' | 'trajectory' | 'turn', problems: string[], oneBased: boolean): number | null {
  const raw = params.get(key);
  if (raw === null) return null;
  const v = /^\d{1,6}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (Number.isInteger(v) && v >= 1) return oneBased ? v - 1 : v;
  problems.push(`${key}: expected an integer ≥ 1, got "${raw}"; ignored`);
  return null;
}

function choice<T extends string>(params: URLSearchParams, key: string, known: readonly T[], problems: string[], none?: string): T | null {
  const raw = params.get(key);
  if (raw === null || (none !== undefined && raw === none)) return null;
  if ((known as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${key}: unknown "${raw}" ignored (known: ${[...known, ...(none ? [none] : [])].join(', ')})`);
  return null;
}

/** `embed=1|0` (the whole view) or `embed=<part>` (EMBED_VIEWS). */
function embedding(params: URLSearchParams, problems: string[]): { embed: boolean; embedView: EmbedView | null } {
  const raw = params.get('embed')?.trim().toLowerCase();
  if (raw !== undefined && (EMBED_IDS as string[]).includes(raw)) return { embed: true, embedView: raw as EmbedView };
  if (raw !== undefined && FLAGS[raw] === undefined) {
    problems.push(`embed: expected 1, 0 or one of ${EMBED_IDS.join(', ')}, got "${params.get('embed')}"; not embedded`);
    return { embed: false, embedView: null };
  }
  return { embed: flag(params, 'embed', problems), embedView: null };
}

/** `location.search` → the class settings and one message per value that was not usable. */
export function parseClassLink(search: string): { settings: ClassSettings; problems: string[] } {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const hideRaw = params.get('hide');
  const hidden: HideableControl[] = [];
  if (hideRaw !== null) {
    const names = [...new Set(hideRaw.split(',').map((s) => s.trim()).filter(Boolean))];
    const unknown = names.filter((n) => !(HIDEABLE_IDS as string[]).includes(n));
    if (unknown.length > 0) problems.push(`hide: unknown ${unknown.map((u) => `"${u}"`).join(', ')} ignored (known: ${HIDEABLE_IDS.join(', ')})`);
    hidden.push(...HIDEABLE_IDS.filter((id) => names.includes(id)));
  }
  const recordedRaw = params.get('recorded');
  const settings: ClassSettings = {
    view: choice(params, 'view', CLASS_VIEWS, problems),
    iteration: position(params, 'iteration', problems, false),
    task: position(params, 'task', problems, true),
    trajectory: position(params, 'trajectory', problems, true),
    turn: position(params, 'turn', problems, true),
    hidden,
    tour: flag(params, 'tour', problems),
    text: flag(params, 'text', problems),
    preset: choice(params, 'preset', PRESETS.map((p) => p.id), problems),
    recorded: recordedRaw === null ? DEFAULT_CLASS_SETTINGS.recorded : choice(params, 'recorded', RECORDINGS, problems, 'none'),
    autoplay: flag(params, 'autoplay', problems),
    ...embedding(params, problems),
    presentation: flag(params, 'presentation', problems),
  };
  return { settings, problems };
}

/** The query entries for `settings` (only those that differ from the defaults). */
export function classLinkParams(settings: ClassSettings): Record<string, string> {
  const out: Record<string, string> = {};
  const d = DEFAULT_CLASS_SETTINGS;
  if (settings.view !== null) out.view = settings.view;
  if (settings.iteration !== null) out.iteration = String(settings.iteration);
  if (settings.task !== null) out.task = String(settings.task + 1);
  if (settings.trajectory !== null) out.trajectory = String(settings.trajectory + 1);
  if (settings.turn !== null) out.turn = String(settings.turn + 1);
  if (settings.hidden.length > 0) out.hide = settings.hidden.join(',');
  for (const key of ['tour', 'text', 'autoplay', 'embed', 'presentation'] as const) {
    if (settings[key] !== d[key]) out[key] = settings[key] ? '1' : '0';
  }
  if (settings.embed && settings.embedView !== null) out.embed = settings.embedView;
  if (settings.preset !== null) out.preset = settings.preset;
  if (settings.recorded !== d.recorded) out.recorded = settings.recorded ?? 'none';
  return out;
}
