/**
 * Every import format, in detection order (house style §2: the registry is the only way code picks
 * a format; the CLI's `--from`, the UI's "read by" line and the tests iterate over it).
 * Order matters where formats overlap: verl-agent rows with `uid`/`traj_uid` before stock rows;
 * every verl-style `{input, output, score}` reader (verl-agent by its prompt templates, RAGEN's
 * validation conversation) before plain verl, which takes any such row.
 */
import { rolloutsV1Format } from './formats/rollouts-v1';
import { verlAgentFormat } from './formats/verl-agent';
import { verlAgentUidFormat } from './formats/verl-agent-uid';
import { agentgymRlFormat } from './formats/agentgym-rl';
import { ragenCacheFormat } from './formats/ragen';
import { ragenValFormat } from './formats/ragen-val';
import { skyrlEvalsFormat } from './formats/skyrl';
import { verlFormat } from './formats/verl';
import { trlCompletionsFormat } from './formats/trl';
import { openrlhfSamplesFormat } from './formats/openrlhf';
import { sftFormat } from './formats/sft';
import type { ImportAdapter, ImportFormatId } from './types';

export const IMPORT_FORMATS: readonly ImportAdapter[] = [
  rolloutsV1Format,
  verlAgentUidFormat,
  verlAgentFormat,
  agentgymRlFormat,
  ragenCacheFormat,
  ragenValFormat,
  skyrlEvalsFormat,
  trlCompletionsFormat,
  openrlhfSamplesFormat,
  verlFormat,
  sftFormat,
];

export function getImportFormat(id: ImportFormatId): ImportAdapter {
  const found = IMPORT_FORMATS.find((f) => f.id === id);
  if (!found) throw new Error(`unknown import format '${id}'`);
  return found;
}

/** Frameworks for `convert --from`, each with the formats it covers. */
export const IMPORT_FRAMEWORKS = [...new Set(IMPORT_FORMATS.map((f) => f.framework))];

export function formatsOfFramework(framework: string): ImportFormatId[] {
  return IMPORT_FORMATS.filter((f) => f.framework === framework).map((f) => f.id);
}
