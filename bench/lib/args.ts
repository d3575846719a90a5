/** A command-line option that must be a whole number from 1 to `max` (`name` without its dashes). */
export function positiveInt(name: string, value: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}
