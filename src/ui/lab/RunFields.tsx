import type { RunConfig } from '../../core/train/config';
import type { ParamValue } from '../../core/params/spec';
import { runFieldSpecs } from '../../core/train/run-params';
import { configEvents } from '../../state/config-store';
import { ParamField } from './fields';

/**
 * The run settings of one form section (`run`: the main grid, `advanced`: More settings),
 * generated from their declarations (core/train/run-params.ts) narrowed to the chosen environment:
 * a new declared setting appears here with no edit.
 */
export function RunFields({ run, group }: { run: RunConfig; group: string }) {
  const specs = runFieldSpecs(group, run.env);
  const values = run as unknown as Record<string, ParamValue | null>;
  return (
    <>
      {specs.map((spec) => (
        <ParamField key={spec.key} spec={spec} value={values[spec.key] ?? null}
          onChange={(v) => configEvents.runFieldEdited(spec.key as keyof RunConfig, v as never)} />
      ))}
    </>
  );
}
