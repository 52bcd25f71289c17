/**
 * The sample files under public/samples/ ("Try a sample"), built from our own environments by
 * `npm run cli -- samples --out public/samples`. Deterministic: same code, same bytes.
 */
import { gzipSync, strToU8 } from 'fflate';
import type { EnvId } from '../../env/registry';
import type { ImportFormatId } from '../import/types';
import { writeRollouts } from '../export/write-rollouts';
import { simulateGroup, type SimGroup } from './simulate';
import { verlDumpText } from './write-verl';
import { agentgymRlText, nativeRecords, ragenCacheText } from './write-others';

export interface SampleFile {
  id: string;
  label: string;
  format: ImportFormatId;
  /** Path under public/samples/ (the folder names matter: AgentGym-RL reads step{N}/{rank}.json). */
  file: string;
  env: string;
  description: string;
  bytes: Uint8Array;
}

export type SampleIndexEntry = Omit<SampleFile, 'bytes'>;

const TRAIN_STEP = 3;

function groups(envId: EnvId, count: number, groupSize: number, maxTurns: number, junkTail = 30, offset = 0): SimGroup[] {
  return Array.from({ length: count }, (_, g) => simulateGroup(envId, 1000 + offset + g, { groupSize, maxTurns, junkTail }));
}

export function buildSamples(): SampleFile[] {
  const household = groups('household-v0', 4, 8, 14);
  const shop = groups('shop-v0', 4, 8, 10, 20);
  const science = groups('science-v0', 2, 8, 15);
  const text = (s: string) => strToU8(s);
  const mixed = [...nativeRecords(household, 1), ...nativeRecords(shop, 2), ...nativeRecords(science, 3)];
  return [
    { id: 'rollouts-v1', label: 'rollouts.v1 (household, shop, science)', format: 'rollouts-v1', file: 'rollouts-v1.jsonl', env: 'mixed', description: 'rollouts.v1 JSON Lines with token counts, one trajectory per line', bytes: text(writeRollouts(mixed)) },
    { id: 'rollouts-v1-gzip', label: 'rollouts.v1, gzipped', format: 'rollouts-v1', file: 'rollouts-v1.jsonl.gz', env: 'mixed', description: 'the same file compressed with gzip', bytes: gzipSync(text(writeRollouts(mixed)), { mtime: 0 }) },
    { id: 'rollouts-v1-group', label: 'rollouts.v1 group wrapper (science)', format: 'rollouts-v1', file: 'rollouts-v1-group.json', env: 'science-v0', description: 'one group as a {group_id, trajectories} document', bytes: text(`${JSON.stringify({ group_id: 'sample:3:0', trajectories: nativeRecords(science.slice(0, 1), 3) }, null, 2)}\n`) },
    { id: 'verl-agent-household', label: 'verl-agent dump (household)', format: 'verl-agent', file: `verl-agent-household/${TRAIN_STEP}.jsonl`, env: 'household-v0', description: 'verl-agent rollout_data_dir: one {input, output, score, step} row per turn, no ids', bytes: text(verlDumpText(household, TRAIN_STEP)) },
    { id: 'verl-agent-shop', label: 'verl-agent dump (shop)', format: 'verl-agent', file: `verl-agent-shop/${TRAIN_STEP}.jsonl`, env: 'shop-v0', description: 'verl-agent rollout_data_dir with the WebShop prompt', bytes: text(verlDumpText(shop, TRAIN_STEP)) },
    { id: 'verl-agent-uid', label: 'verl-agent dump with uid / traj_uid (household)', format: 'verl-agent-uid', file: `verl-agent-uid/${TRAIN_STEP}.jsonl`, env: 'household-v0', description: 'verl-agent rows carrying uid, traj_uid, is_action_valid and response_length', bytes: text(verlDumpText(household, TRAIN_STEP, { withIds: true })) },
    { id: 'agentgym-rl-science', label: 'AgentGym-RL log (science)', format: 'agentgym-rl', file: `agentgym-rl-science/step${TRAIN_STEP}/0.json`, env: 'science-v0', description: 'AgentGym-RL step{N}/{rank}.json conversations', bytes: text(agentgymRlText(science, 40)) },
    { id: 'agentgym-rl-household', label: 'AgentGym-RL log (household)', format: 'agentgym-rl', file: `agentgym-rl-household/step${TRAIN_STEP}/1.json`, env: 'household-v0', description: 'AgentGym-RL conversations with the ALFWorld-style action list', bytes: text(agentgymRlText(household, 7)) },
    { id: 'ragen-cache', label: 'RAGEN rollout cache (shop)', format: 'ragen-cache', file: 'ragen-cache-shop.json', env: 'shop-v0', description: 'a serialised RAGEN rollout cache (tag WebShop)', bytes: text(ragenCacheText(shop, 'WebShop', TRAIN_STEP)) },
  ];
}

export function sampleIndex(samples: readonly SampleFile[]): SampleIndexEntry[] {
  return samples.map(({ bytes: _bytes, ...entry }) => entry);
}
