/**
 * The reward parameters' flags, generated from the reward registry's declarations (each
 * ParamSpec's `cliFlag`) through core/params/flags.ts, with a generated `--help` section. `--reward
 * ID` itself is a run setting (core/train/run-params.ts, cli/run-flags.ts).
 */
import { CliError, type ParsedArgs } from './args';
import { describeParam } from '../core/params/validate';
import { readFlags, specFlags } from '../core/params/flags';
import { getReward, isRewardId, REWARD_IDS, validateRewardParams } from '../core/reward/registry';

/** Every declared reward parameter flag. */
export function allRewardFlags(): string[] {
  return [...new Set(REWARD_IDS.flatMap((id) => getReward(id).params.map((p) => p.cliFlag)))];
}

/**
 * The reward params the flags set for reward `id` (only what was given). A parameter flag of
 * another reward, or a bad value, is a CliError naming the flag and the valid range.
 */
export function rewardFlagParams(args: ParsedArgs, id: string): Record<string, unknown> {
  const specs = isRewardId(id) ? getReward(id).params : [];
  const foreign = allRewardFlags().find((flag) => args.flags[flag] !== undefined && !specs.some((p) => p.cliFlag === flag));
  if (foreign !== undefined) throw new CliError(`--${foreign} does not apply to reward ${id} (its parameters: ${specs.map((p) => p.key).join(', ') || 'none'})`);
  const { params, problems } = readFlags(args.flags, specs.flatMap(specFlags));
  if (problems.length > 0) throw new CliError(problems.join('; '));
  const checked = validateRewardParams(id, params);
  if (checked.problems.length > 0) throw new CliError(checked.problems.join('; '));
  return checked.params;
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
