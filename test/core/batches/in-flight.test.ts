// The batch's rows in flight follow Little's law: the gate's rate (at most the key's learned limit) × the
// learned answer time, plus one; two before anything was learned, 32 at most, and a fixed bound when one is
// given.
import { describe, expect, it } from 'vitest';
import { InFlightBound } from '../../../electron/core/batches/in-flight';

const gate = (ratePerSecond: number, learnedLimit: number | null = null) => ({ ratePerSecond, learnedLimit });

describe('InFlightBound', () => {
  it('is rate × answer time + 1, learned per account, from two before the first answer', () => {
    const bound = new InFlightBound();
    expect(bound.bound('a', gate(20))).toBe(2);
    bound.answered('a', 50);
    // 20/s × 50 ms = 1 row on its way on average; one more so that the rate is what holds the batch back.
    expect(bound.bound('a', gate(20))).toBe(2);
    // The service answering after 500 ms: 10 + 1 (the estimate nears 500 ms from below: 9.99… + 1 = 10 first).
    for (let i = 0; i < 40; i += 1) bound.answered('a', 500);
    expect(bound.bound('a', gate(20))).toBe(10);
    const slow = new InFlightBound();
    slow.answered('a', 500);
    expect(slow.bound('a', gate(20))).toBe(11);
    // Another account has learned nothing yet.
    expect(bound.bound('b', gate(20))).toBe(2);
  });

  it('follows the rate as the gate learns it, within 1 and 32, and ignores answers that are no time', () => {
    const bound = new InFlightBound();
    bound.answered('a', 100);
    expect(bound.bound('a', gate(0.5))).toBe(1);
    expect(bound.bound('a', gate(100))).toBe(11);
    expect(bound.bound('a', gate(10_000))).toBe(32);
    bound.answered('a', Number.NaN);
    bound.answered('a', -5);
    expect(bound.bound('a', gate(100))).toBe(11);
  });

  it('never counts on more than the key’s learned limit, however far the gate probes', () => {
    const bound = new InFlightBound();
    for (let i = 0; i < 40; i += 1) bound.answered('a', 500);
    // The gate doubling towards 40/s before its first 429 would put 21 rows on their way; the key takes 20/s.
    expect(bound.bound('a', gate(40))).toBe(21);
    expect(bound.bound('a', gate(40, 20))).toBe(11);
    // Under the limit, the gate's own rate is what the rows get.
    expect(bound.bound('a', gate(16, 20))).toBe(9);
    // 18/s × 520 ms = 9.36 on their way on average: 10 are enough, not 11.
    for (let i = 0; i < 40; i += 1) bound.answered('a', 520);
    expect(bound.bound('a', gate(18, 20))).toBe(10);
  });

  it('smooths the answer time (one slow answer does not triple the rows in flight)', () => {
    const bound = new InFlightBound();
    bound.answered('a', 100);
    bound.answered('a', 1000);
    // 100 + 0.2 × 900 = 280 ms at 50/s: 14 + 1.
    expect(bound.bound('a', gate(50))).toBe(15);
  });

  it('keeps a fixed bound when given one', () => {
    const bound = new InFlightBound(4);
    bound.answered('a', 5000);
    expect(bound.bound('a', gate(100))).toBe(4);
    expect(new InFlightBound(0).bound('a', gate(100))).toBe(1);
  });
});
