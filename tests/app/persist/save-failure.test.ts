import { describe, expect, it } from 'vitest';
import { saveFailureText } from '../../../src/app/persist/recorder';

const runs = [{ id: 'a', estimator: 'grpo' }, { id: 'b', estimator: 'planpo' }];
const full = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

describe('what a failed save says', () => {
  it('full storage names every run with what storage holds of it', () => {
    expect(saveFailureText(full, runs, { a: 12, b: 11 })).toBe('Browser storage is full, so the latest iterations are not saved. '
      + 'Everything saved before is kept (GRPO at iteration 12, PlanPO at iteration 11). Delete old runs below to make room.');
  });

  it('a run whose first save already failed is named with "nothing yet", not left out', () => {
    expect(saveFailureText(full, runs, { a: 1 })).toContain('(GRPO at iteration 1, PlanPO nothing yet)');
    expect(saveFailureText(full, runs, {})).toContain('(GRPO nothing yet, PlanPO nothing yet)');
  });

  it('any other failure says what went wrong', () => {
    expect(saveFailureText(new Error('disk I/O error'), runs, { a: 3, b: 3 })).toBe('Saving failed: disk I/O error. Everything saved before is kept.');
  });
});
