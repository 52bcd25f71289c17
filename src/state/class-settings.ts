/**
 * What a class link can ask for (src/app/class-link.ts parses and writes the link): the view that
 * opens, the controls it hides, the tour and text, the recorded runs on show. Plain data, read by
 * the class store and the classroom views.
 */
/** Every view of the app (src/ui/views.ts ids; a contract test keeps the two lists equal). */
export const CLASS_VIEWS = ['lab', 'play', 'experiments', 'import', 'concepts'] as const;
export type ClassView = (typeof CLASS_VIEWS)[number];

/** Controls a class link may hide: id → what it is, for the dialog. */
export const HIDEABLE_CONTROLS = {
  config: 'Configuration panel',
  presets: 'Preset menu',
  estimators: 'Estimator choice',
  advanced: 'More settings',
  backend: 'Backend choice',
  step: 'Step button',
  reset: 'Reset button',
  'copy-link': 'Copy link and class link buttons',
  shortcuts: 'Keyboard shortcut legend',
  example: 'Worked example button',
  divergence: 'Advantage divergence charts',
  curves: 'Training curves',
  equations: 'Equation cards',
  controls: 'Run controls and run status (Train, Pause, …)',
  notes: 'Notes, exports and saved runs',
} as const;
export type HideableControl = keyof typeof HIDEABLE_CONTROLS;
export const HIDEABLE_IDS = Object.keys(HIDEABLE_CONTROLS) as HideableControl[];

/**
 * What `embed=` can show on its own (an iframe on a slide): one part of the lab, first and full
 * width. `embed=1` keeps the whole view without header, navigation or status bar.
 */
export const EMBED_VIEWS = {
  group: 'Rollout group (trajectory cards)',
  curves: 'Training curves',
  scatter: 'Advantage divergence charts',
  equation: 'Equation cards with the numbers',
  tour: 'The guided tour over the lab',
} as const;
export type EmbedView = keyof typeof EMBED_VIEWS;
export const EMBED_IDS = Object.keys(EMBED_VIEWS) as EmbedView[];

export const RECORDINGS = ['classroom'] as const;

export interface ClassSettings {
  view: ClassView | null;
  iteration: number | null;
  /** 0-based in memory; 1-based in the link. */
  task: number | null;
  trajectory: number | null;
  turn: number | null;
  hidden: HideableControl[];
  tour: boolean;
  text: boolean;
  preset: string | null;
  recorded: string | null;
  autoplay: boolean;
  embed: boolean;
  /** With `embed`: the one part shown (`embed=group`, …), or null for the whole view (`embed=1`). */
  embedView: EmbedView | null;
  presentation: boolean;
}

export const DEFAULT_CLASS_SETTINGS: ClassSettings = {
  view: null, iteration: null, task: null, trajectory: null, turn: null, hidden: [], tour: true, text: true,
  preset: null, recorded: 'classroom', autoplay: false, embed: false, embedView: null, presentation: false,
};
