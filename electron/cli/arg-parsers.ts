// Option values checked as commander reads them: a bad one is a usage error (exit 2) naming the option.
import { InvalidArgumentError } from 'commander';
import { UsageError } from './cli-error';

export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER
          ? `Give a whole number from ${min}.`
          : `Give a whole number from ${min} to ${max}.`,
      );
    }
    return value;
  };
}

export function decimal(min: number, max: number): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      throw new InvalidArgumentError(`Give a number from ${min} to ${max}.`);
    }
    return value;
  };
}

/** A repeatable option (--set a=1 --set b=2): its values in order. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `name=value` (the first `=` splits; the value may hold more). */
export function splitPair(text: string, option: string, example: string): { name: string; value: string } {
  const at = text.indexOf('=');
  const name = at > 0 ? text.slice(0, at).trim() : '';
  if (!name)
    throw new UsageError(`${option} takes name=value; got “${text}”.`, `For example: ${option} ${example}`);
  return { name, value: text.slice(at + 1) };
}
