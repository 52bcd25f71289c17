/** Option validation shared by the environments: errors name the environment and list valid values. */

export function checkChoice<T extends string>(env: string, what: string, value: string | undefined, valid: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(valid as readonly string[]).includes(value)) {
    throw new RangeError(`${env}: unknown ${what} "${value}"; valid: ${valid.join(', ')}`);
  }
  return value as T;
}

export function checkInt(env: string, what: string, value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${env}: ${what} must be an integer in ${min}..${max}, got ${value}`);
  }
  return value;
}
