/**
 * The published JSON Schema of rollouts.v1 (`public/schemas/rollouts.v1.json`), generated from
 * the zod schema in `rollouts-v1.ts` so the two can never disagree. `npm run schema` rewrites the
 * file; a unit test checks that the committed file equals this output.
 *
 * JSON Schema cannot state the two cross-field rules (`turns[k].t === k`, and one number per turn
 * in `advantages.estimators[id].per_turn`); the descriptions say them in words.
 */
import { z } from './zod';
import { rolloutTrajectorySchema } from './rollouts-v1';

export const ROLLOUTS_V1_SCHEMA_ID = 'https://rollout-lab.invalid/schemas/rollouts.v1.json';

export function rolloutsV1JsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(rolloutTrajectorySchema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  return {
    $schema: generated.$schema,
    $id: ROLLOUTS_V1_SCHEMA_ID,
    title: 'rollouts.v1 trajectory',
    description:
      'One trajectory per record (JSON Lines: one per line). Unknown fields are allowed and kept. turns[k].t must equal k; ' +
      'advantages.estimators[id].per_turn must hold one number per turn. See docs/rollouts-v1.md.',
    ...Object.fromEntries(Object.entries(generated).filter(([key]) => key !== '$schema')),
  };
}

/** The file's text: 2-space JSON and a trailing newline. */
export function rolloutsV1JsonSchemaText(): string {
  return `${JSON.stringify(rolloutsV1JsonSchema(), null, 2)}\n`;
}
