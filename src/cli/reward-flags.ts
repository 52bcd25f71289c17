/**
 * `--reward ID` and the reward parameters' flags, generated from the reward registry's
 * declarations (each ParamSpec's `cliFlag`), with a generated `--help` section.
 */
import { CliError, stringFlag, type ParsedArgs } from './args';
import { describeParam } from '../core/advantage/params';
import { getReward, isRewardId, REWARD_IDS, validateRewardParams } from '../core/reward/registry';

/** `reward` plus every declared reward parameter flag. */
export function allRewardFlags(): string[] {
  return ['reward', ...new Set(REWARD_IDS.flatMap((id) => getReward(id).params.map((p) => p.cliFlag)))];
}

/**
 * `{ reward, rewardParams }` from the flags (only what was given). A parameter flag of another
 * reward, or a bad value, is a CliError naming the flag and the valid range.
 */
export function rewardFlagConfig(args: ParsedArgs, configured?: string): { reward?: string; rewardParams?: Record<string, unknown> } {
  const given = stringFlag(args, 'reward');
  if (given !== undefined && !isRewardId(given)) throw new CliError(`--reward: unknown "${given}"; valid: ${REWARD_IDS.join(', ')}`);
  const id = given ?? configured ?? 'outcome';
  const specs = isRewardId(id) ? getReward(id).params : [];
  const raw: Record<string, unknown> = {};
  const flagOf: Record<string, string> = {};
  for (const flag of allRewardFlags().slice(1)) {
    const value = args.flags[flag];
    if (value === undefined) continue;
    const spec = specs.find((p) => p.cliFlag === flag);
    if (!spec) throw new CliError(`--${flag} does not apply to reward ${id} (its parameters: ${specs.map((p) => p.key).join(', ') || 'none'})`);
    raw[spec.key] = value;
    flagOf[spec.key] = flag;
  }
  const { params, problems } = validateRewardParams(id, raw);
  if (problems.length > 0) throw new CliError(problems.map((p) => { const k = p.slice(0, p.indexOf(':')); return `--${flagOf[k] ?? k}${p.slice(k.length)}`; }).join('; '));
  return { ...(given !== undefined ? { reward: given } : {}), ...(Object.keys(params).length > 0 ? { rewardParams: params } : {}) };
}

/** The generated `--help` section: every reward and its flags. */
export function rewardFlagHelp(): string {
  const lines = ['Rewards (--reward ID, default outcome; generated from the reward registry):'];
  for (const id of REWARD_IDS) {
    const entry = getReward(id);
    lines.push(`  ${id} (${entry.kind}): ${entry.summary}`);
    for (const p of entry.params) lines.push(`    ${`--${p.cliFlag} X`.padEnd(29)} ${p.label}: ${p.help} (${describeParam(p)}, default ${String(p.default)})`);
  }
  return lines.join('\n');
}
