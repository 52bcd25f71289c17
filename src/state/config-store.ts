/**
 * The lab's configuration (changes when a person edits it, never per iteration) and the messages
 * about values a share link carried that could not be used.
 */
import { create } from 'zustand';
import { validateConfig, type RunConfig } from '../core/train/config';
import { DEFAULT_LAB_CONFIG, type LabConfig } from './lab-config';
import type { BackendRequest } from '../../workers/backend-request';
import type { ParamValue } from '../core/params/spec';

export interface ConfigState {
  config: LabConfig;
  /** Values from the opened link that were replaced by defaults, each naming its field. */
  linkProblems: string[];
}

export const useConfigStore = create<ConfigState>(() => ({
  config: DEFAULT_LAB_CONFIG,
  linkProblems: [],
}));

const patchConfig = (patch: (c: LabConfig) => LabConfig) => useConfigStore.setState((s) => ({ config: patch(s.config) }));

export const configEvents = {
  linkOpened: (config: LabConfig, problems: string[]) => useConfigStore.setState({ config, linkProblems: problems }),
  linkProblemsDismissed: () => useConfigStore.setState({ linkProblems: [] }),
  /** One field changed; the rest is re-validated (e.g. a task type the new environment lacks). */
  runFieldEdited: <K extends keyof RunConfig>(key: K, value: RunConfig[K]) =>
    patchConfig((c) => ({ ...c, run: { ...validateConfig({ ...c.run, [key]: value }).config, estimator: c.run.estimator, estimatorParams: {} } })),
  estimatorsChosen: (estimators: string[]) => patchConfig((c) => ({ ...c, estimators, run: { ...c.run, estimator: estimators[0] ?? c.run.estimator } })),
  /** One estimator parameter set (already valid per its schema); null = back to the default. */
  estimatorParamEdited: (estimator: string, key: string, value: ParamValue | null) => patchConfig((c) => {
    const own = { ...(c.estimatorParams?.[estimator] ?? {}) };
    if (value === null) delete own[key];
    else own[key] = value;
    return { ...c, estimatorParams: { ...c.estimatorParams, [estimator]: own } };
  }),
  backendChosen: (backend: BackendRequest) => patchConfig((c) => ({ ...c, backend })),
  slackChanged: (slack: number) => patchConfig((c) => ({ ...c, slack })),
  presetApplied: (config: LabConfig) => useConfigStore.setState({ config }),
};
