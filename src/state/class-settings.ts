/**
 * What a class link can ask for (src/app/class-link.ts parses and writes the link): the view that
 * opens, the controls it hides, the tour and text, the recorded runs on show. Plain data, read by
 * the class store and the classroom views.
 */
export const CLASS_VIEWS = ['lab', 'play', 'experiments'] as const;
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
} as const;
export type HideableControl = keyof typeof HIDEABLE_CONTROLS;
export const HIDEABLE_IDS = Object.keys(HIDEABLE_CONTROLS) as HideableControl[];

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
  presentation: boolean;
}

export const DEFAULT_CLASS_SETTINGS: ClassSettings = {
  view: null, iteration: null, task: null, trajectory: null, turn: null, hidden: [], tour: true, text: true,
  preset: null, recorded: 'classroom', autoplay: false, embed: false, presentation: false,
};
