// The batch's rows in flight follow Little's law: the gate's rate (at most the key's learned limit) × the
// answer time (the median of the latest answers), plus one; two before anything was learned, 32 at most,
// growing by one an answer time while the key's limit is not known, and a fixed bound when one is given.
import { describe, expect, it } from 'vitest';
import { InFlightBound } from '../../../electron/core/batches/in-flight';

const gate = (ratePerSecond: number, learnedLimit: number | null = 1000) => ({ ratePerSecond, learnedLimit });

describe('InFlightBound', () => {
  it('is rate × answer time + 1, learned per account, from two before the first answer', () => {
    const bound = new InFlightBound();
    expect(bound.bound('a', gate(20))).toBe(2);
    bound.answered('a', 50);
    // 20/s × 50 ms = 1 row on its way on average; one more so that the rate is what holds the batch back.
    expect(bound.bound('a', gate(20))).toBe(2);
    // The service answering after 500 ms: 10 + 1, once most of the latest answers say so.
    bound.answered('a', 500);
    expect(bound.bound('a', gate(20))).toBe(2);
    bound.answered('a', 500);
    expect(bound.bound('a', gate(20))).toBe(11);
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

  it('never counts on more than the key’s learned limit', () => {
    const bound = new InFlightBound();
    for (let i = 0; i < 15; i += 1) bound.answered('a', 500);
    expect(bound.bound('a', gate(40, 20))).toBe(11);
    // Under the limit, the gate's own rate is what the rows get.
    expect(bound.bound('a', gate(16, 20))).toBe(9);
    // 18/s × 520 ms = 9.36 on their way on average: 10 are enough, not 11.
    for (let i = 0; i < 15; i += 1) bound.answered('a', 520);
    expect(bound.bound('a', gate(18, 20))).toBe(10);
  });

  it('grows by one an answer time while the gate probes for the key’s limit, and follows it down at once', () => {
    let now = 0;
    const bound = new InFlightBound({ now: () => now });
    for (let i = 0; i < 15; i += 1) bound.answered('a', 500);
    // The gate doubling towards 40/s before its first 429 would put 21 rows on their way; the key may take 20.
    expect(bound.bound('a', gate(40, null))).toBe(2);
    now += 499;
    expect(bound.bound('a', gate(40, null))).toBe(2);
    now += 1;
    expect(bound.bound('a', gate(40, null))).toBe(3);
    // Asked again and again within one answer time: no growth.
    for (let i = 0; i < 10; i += 1) expect(bound.bound('a', gate(40, null))).toBe(3);
    // A long pause adds one, not the pause's worth.
    now += 10_000;
    expect(bound.bound('a', gate(40, null))).toBe(4);
    for (let step = 0; step < 30; step += 1) {
      now += 500;
      bound.bound('a', gate(40, null));
    }
    expect(bound.bound('a', gate(40, null))).toBe(21);
    // The gate's rate fell (a 429 halved it): the bound with it, at once.
    expect(bound.bound('a', gate(10, null))).toBe(6);
    // The limit learned: Little's law alone.
    expect(bound.bound('a', gate(18, 20))).toBe(10);
  });

  it('takes the median answer time: a few slow answers (a new connection, a busy second) add no row', () => {
    const bound = new InFlightBound();
    for (let i = 0; i < 10; i += 1) bound.answered('a', 60);
    for (let i = 0; i < 4; i += 1) bound.answered('a', 400);
    // 18/s × 60 ms: 1 + 1. The mean (157 ms) would say 3.
    expect(bound.bound('a', gate(18, 20))).toBe(2);
  });

  it('keeps a fixed bound when given one', () => {
    const bound = new InFlightBound({ fixed: 4 });
    bound.answered('a', 5000);
    expect(bound.bound('a', gate(100))).toBe(4);
    expect(new InFlightBound({ fixed: 0 }).bound('a', gate(100))).toBe(1);
  });
});
