import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rolloutsV1JsonSchema, rolloutsV1JsonSchemaText } from '../../../src/core/io/json-schema';

const published = fileURLToPath(new URL('../../../public/schemas/rollouts.v1.json', import.meta.url));

describe('rollouts.v1 JSON Schema', () => {
  it('the committed public/schemas/rollouts.v1.json equals the schema generated from zod (run npm run schema)', () => {
    expect(readFileSync(published, 'utf8')).toBe(rolloutsV1JsonSchemaText());
  });

  it('declares the required fields and the multi-estimator advantages extension', () => {
    const schema = rolloutsV1JsonSchema() as { required: string[]; properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(schema.required).toEqual(expect.arrayContaining(['schema', 'source', 'env', 'task', 'group_id', 'traj_id', 'turns', 'outcome']));
    expect(Object.keys(schema.properties.advantages.properties ?? {})).toEqual(['trajectory', 'per_turn', 'estimator', 'estimators']);
  });
});
