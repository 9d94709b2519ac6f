// The account's request gate on fake time: spacing at the rate, AIMD (halve on 429 once per round, floor,
// slow additive recovery only while the rate holds requests back), slow start, and holds to the millisecond.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../electron/core/jobs/rate-limiter';
import type { RateLimiterOptions } from '../../electron/core/jobs/rate-limiter';
import { FakeTime } from '../fixtures/fake-time';

function setup(options: RateLimiterOptions = {}) {
  const time = new FakeTime();
  const limiter = new RateLimiter(time, { slowStart: false, ...options });
  /** Requests granted while asking at every ms for `ms`, answered at once without a 429. */
  const drive = async (ms: number): Promise<number> => {
    let granted = 0;
    for (let step = 0; step < ms; step += 1) {
      while (limiter.tryAcquire()) {
        granted += 1;
        limiter.onSuccess();
      }
      await time.advance(1);
    }
    return granted;
  };
  return { time, limiter, drive };
}

describe('RateLimiter', () => {
  it('spaces requests at its rate and says when the next slot is', async () => {
    const { time, limiter, drive } = setup({ initialPerSecond: 10, maxPerSecond: 10 });
    expect(limiter.tryAcquire()).toBe(true);
    expect(limiter.tryAcquire()).toBe(false);
    expect(limiter.nextSlotAt()).toBe(time.now() + 100);
    await time.advance(99);
    expect(limiter.tryAcquire()).toBe(false);
    await time.advance(1);
    expect(limiter.tryAcquire()).toBe(true);
    // One every 100 ms: at +100, +200 … +9,900 ms.
    expect(await drive(10_000)).toBe(99);
  });

  it('takes back slots that no request used, never more than its bucket holds (giveBack)', async () => {
    const { time, limiter } = setup({ initialPerSecond: 100, maxPerSecond: 100, burstSeconds: 0.04 });
    // A full bucket: 4 slots at 100/s over 40 ms.
    await time.advance(1000);
    const taken = [1, 2, 3, 4].filter(() => limiter.tryAcquire()).length;
    expect(taken).toBe(4);
    expect(limiter.tryAcquire()).toBe(false);
    // Three of them went unused (the rows were no longer there): they can be taken again at once.
    limiter.giveBack(3);
    expect([1, 2, 3, 4].filter(() => limiter.tryAcquire()).length).toBe(3);
    // Never past the bucket's size, whatever is given back.
    await time.advance(1000);
    limiter.giveBack(10);
    expect([1, 2, 3, 4, 5, 6].filter(() => limiter.tryAcquire()).length).toBe(4);
    limiter.giveBack(0);
    limiter.giveBack(-2);
    expect(limiter.tryAcquire()).toBe(false);
  });

  it('halves on a 429, down to its floor', () => {
    const { time, limiter } = setup({ initialPerSecond: 8, minPerSecond: 0.5 });
    const rates: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      limiter.onRateLimited(time.now(), 0);
      rates.push(limiter.ratePerSecond);
    }
    expect(rates).toEqual([4, 2, 1, 0.5, 0.5, 0.5]);
  });

  it('halves once per round: 429s for requests sent before the last halving say nothing new', async () => {
    const { time, limiter } = setup({ initialPerSecond: 16 });
    const sentAt = time.now();
    await time.advance(50);
    limiter.onRateLimited(sentAt, 1000);
    limiter.onRateLimited(sentAt, 1000);
    limiter.onRateLimited(sentAt, 1000);
    expect(limiter.ratePerSecond).toBe(8);
    limiter.onRateLimited(time.now(), 1000);
    expect(limiter.ratePerSecond).toBe(4);
  });

  it('lets nothing through before Retry-After has passed, to the millisecond', async () => {
    const { time, limiter } = setup({ initialPerSecond: 100 });
    const start = time.now();
    limiter.onRateLimited(start, 1500);
    expect(limiter.blockedUntil).toBe(start + 1500);
    expect(limiter.nextSlotAt()).toBe(start + 1500);
    await time.advance(1499);
    expect(limiter.tryAcquire()).toBe(false);
    await time.advance(1);
    expect(limiter.blockedUntil).toBeNull();
    expect(limiter.tryAcquire()).toBe(true);
  });

  it('holds for a default second when a 429 carries no Retry-After, and a later hold never shortens one', async () => {
    const { time, limiter } = setup();
    const start = time.now();
    limiter.onRateLimited(start);
    expect(limiter.blockedUntil).toBe(start + 1000);
    limiter.hold(start + 60_000);
    limiter.onRateLimited(start, 2000);
    expect(limiter.blockedUntil).toBe(start + 60_000);
    await time.advance(60_000);
    expect(limiter.tryAcquire()).toBe(true);
  });

  it('recovers slowly after a 429: +0.5/s per second the rate holds requests back, up to the max', async () => {
    const { time, limiter, drive } = setup({ initialPerSecond: 10, maxPerSecond: 12 });
    limiter.onRateLimited(time.now(), 0);
    expect(limiter.ratePerSecond).toBe(5);
    await drive(4000);
    // Four saturated seconds: about 5 + 4 × 0.5.
    expect(limiter.ratePerSecond).toBeGreaterThan(6.8);
    expect(limiter.ratePerSecond).toBeLessThanOrEqual(7);
    await drive(60_000);
    expect(limiter.ratePerSecond).toBe(12);
  });

  it('grows ten times slower from 90 % of the rate that drew the last 429, and forgets it once well past', async () => {
    const { time, limiter, drive } = setup({ initialPerSecond: 20, maxPerSecond: 40, recoveryPerSecond: 1 });
    limiter.onRateLimited(time.now(), 0);
    expect(limiter.ratePerSecond).toBe(10);
    // 10 → 18 (90 % of 20) at +1/s per second: about 8 s.
    await drive(8_000);
    expect(limiter.ratePerSecond).toBeGreaterThan(17.5);
    expect(limiter.ratePerSecond).toBeLessThanOrEqual(18.1);
    // Then +0.1/s per second: 10 s more add about 1.
    await drive(10_000);
    expect(limiter.ratePerSecond).toBeGreaterThan(18.8);
    expect(limiter.ratePerSecond).toBeLessThan(19.3);
    // Past 22/s (110 % of 20) without a 429, the old limit no longer holds it back.
    await drive(40_000);
    expect(limiter.ratePerSecond).toBeGreaterThan(22);
    const passed = limiter.ratePerSecond;
    await drive(5_000);
    expect(limiter.ratePerSecond).toBeGreaterThan(passed + 4);
  });

  it('does not grow while nothing is held back (idle or light traffic)', async () => {
    const { time, limiter } = setup({ initialPerSecond: 10, maxPerSecond: 100 });
    limiter.onRateLimited(time.now(), 0);
    for (let second = 0; second < 30; second += 1) {
      await time.advance(1000);
      expect(limiter.tryAcquire()).toBe(true);
      limiter.onSuccess();
    }
    expect(limiter.ratePerSecond).toBe(5);
  });

  it('with slow start, doubles per saturated second until the first 429, then grows additively', async () => {
    const time = new FakeTime();
    const limiter = new RateLimiter(time, { initialPerSecond: 10, maxPerSecond: 200 });
    const drive = async (ms: number) => {
      for (let step = 0; step < ms; step += 1) {
        while (limiter.tryAcquire()) limiter.onSuccess();
        await time.advance(1);
      }
    };
    await drive(2000);
    expect(limiter.ratePerSecond).toBeGreaterThan(35);
    await drive(3000);
    expect(limiter.ratePerSecond).toBe(200);
    limiter.onRateLimited(time.now(), 0);
    // 200 requests in the second that drew it: the key's limit, as far as can be seen; just under it.
    expect(limiter.ratePerSecond).toBeGreaterThan(170);
    expect(limiter.ratePerSecond).toBeLessThanOrEqual(180);
    const after = limiter.ratePerSecond;
    await drive(2000);
    // Additive only now, and ten times slower so near the limit.
    expect(limiter.ratePerSecond).toBeLessThanOrEqual(after + 0.2);
  });

  /** A gate at 40/s with no slow start, and the limits it reports learning. */
  const learningGate = () => {
    const learned: number[] = [];
    const time = new FakeTime();
    const limiter = new RateLimiter(time, {
      initialPerSecond: 40,
      maxPerSecond: 40,
      slowStart: false,
      onLimitLearned: (perSecond) => learned.push(perSecond),
    });
    return { learned, time, limiter };
  };

  it('learns the key’s limit from the traffic that drew a 429, never ratchets it down on bunched arrivals, and says so', async () => {
    const { learned, time, limiter } = learningGate();
    /** `count` requests granted over the next 990 ms, as fast as the gate lets them. */
    const send = async (count: number) => {
      const from = time.now();
      for (let sent = 0; sent < count;) {
        if (limiter.tryAcquire()) sent += 1;
        await time.advance(1);
      }
      await time.advance(Math.max(0, from + 990 - time.now()));
    };
    // A key limited to 20 a second, sent to at 40: the 429 comes to the 21st request of the second, which
    // did not fit: the key took 20.
    await send(21);
    limiter.onRateLimited(time.now(), 0);
    expect(learned).toEqual([20]);
    expect(limiter.learnedLimit).toBe(20);
    expect(limiter.ratePerSecond).toBeCloseTo(18);
    // A 429 drawn by 18 (arrivals bunched on their way): the same limit, nudged down 2 %, not 17.
    await time.advance(2000);
    await send(18);
    limiter.onRateLimited(time.now(), 0);
    expect(learned.at(-1)).toBeCloseTo(19.6);
    expect(limiter.ratePerSecond).toBeCloseTo(17.64);
    // Drawn by 14, far under it: another client shares the key, or the limit came down: 13 fitted.
    await time.advance(2000);
    await send(14);
    limiter.onRateLimited(time.now(), 0);
    expect(learned.at(-1)).toBe(13);
    expect(limiter.ratePerSecond).toBeCloseTo(11.7);
    // Too little traffic to tell a limit from (fewer than 4 in the last second): halved, nothing learned.
    await time.advance(20_000);
    limiter.onRateLimited(time.now(), 0);
    expect(limiter.ratePerSecond).toBeCloseTo(5.85);
    expect(learned).toHaveLength(3);
  });

  it('judges a late 429 by the second before its request left, not the emptier second before its answer', async () => {
    const { learned, time, limiter } = learningGate();
    // 21 requests over 990 ms; the last one is refused, but its answer comes 600 ms late (a busy machine).
    let sentAt = 0;
    for (let sent = 0; sent < 21;) {
      if (limiter.tryAcquire()) {
        sent += 1;
        sentAt = time.now();
      }
      await time.advance(47);
    }
    await time.advance(600);
    limiter.onRateLimited(sentAt, 0);
    // The second before the answer holds only the last few: read that way the limit would seem 7.
    expect(learned).toEqual([20]);
    expect(limiter.ratePerSecond).toBeCloseTo(18);
  });

  it('never lets more than its rate into any second, even with a full bucket after a pause', async () => {
    const time = new FakeTime();
    const limiter = new RateLimiter(time, {
      initialPerSecond: 10,
      maxPerSecond: 10,
      slowStart: false,
      burstSeconds: 0.5,
    });
    const grants: number[] = [];
    for (let step = 0; step < 5000; step += 1) {
      // A pause of 2 s in the middle: the bucket fills to its 5 tokens.
      if (step < 2000 || step >= 4000) while (limiter.tryAcquire()) grants.push(time.now());
      await time.advance(1);
    }
    const most = Math.max(
      ...grants.map((at) => grants.filter((other) => other >= at && other < at + 1000).length),
    );
    expect(most).toBeLessThanOrEqual(10);
    // The window full: the next slot is when its oldest request leaves it.
    const busy = new RateLimiter(time, {
      initialPerSecond: 4,
      maxPerSecond: 4,
      slowStart: false,
      burstSeconds: 1,
    });
    await time.advance(1000);
    const start = time.now();
    expect([1, 2, 3, 4, 5].filter(() => busy.tryAcquire()).length).toBe(4);
    expect(busy.nextSlotAt()).toBe(start + 1001);
  });

  it('starts just under a limit learned on an earlier run, with no slow start, unless this run met a 429', async () => {
    const time = new FakeTime();
    const known = new RateLimiter(time, { knownLimitPerSecond: 20 });
    expect(known.ratePerSecond).toBe(18);
    expect(known.learnedLimit).toBe(20);
    // Saturated for 5 s: not doubled (slow start is for a key whose limit is not known).
    for (let step = 0; step < 5000; step += 1) {
      while (known.tryAcquire()) known.onSuccess();
      await time.advance(1);
    }
    expect(known.ratePerSecond).toBeLessThan(18.5);
    // A limit read late (the history answers after the gate started) is taken only before a 429 of its own.
    const late = new RateLimiter(time, { initialPerSecond: 10 });
    late.learn(30);
    expect(late.ratePerSecond).toBe(27);
    const taught = new RateLimiter(time, { initialPerSecond: 10 });
    taught.onRateLimited(time.now(), 0);
    taught.learn(30);
    expect(taught.ratePerSecond).toBe(5);
    late.learn(Number.NaN);
    expect(late.ratePerSecond).toBe(27);
  });

  it('gives a batch’s creates 90 % of the traffic at least while they are wanted, and the rest back after', async () => {
    const { time, limiter } = setup({ initialPerSecond: 20, maxPerSecond: 20 });
    const granted = { create: 0, other: 0 };
    // Both lanes ask at every ms, the other lane first (the worst case for the creates), for `ms`.
    const drive = async (ms: number, lanes: readonly ('create' | 'other')[]) => {
      for (let step = 0; step < ms; step += 1) {
        for (const lane of lanes)
          while (limiter.tryAcquire(lane)) {
            granted[lane] += 1;
            limiter.onSuccess();
          }
        await time.advance(1);
      }
    };
    await drive(10_000, ['other', 'create']);
    // 20/s for 10 s: about 200 requests, at least 90 % of them creates, and the others never starved.
    expect(granted.create + granted.other).toBeGreaterThanOrEqual(195);
    expect(granted.create / (granted.create + granted.other)).toBeGreaterThanOrEqual(0.9);
    expect(granted.other).toBeGreaterThanOrEqual(10);
    // The others are told when their share allows them, not merely when the bucket has a slot.
    expect(limiter.nextSlotAt('other')).toBeGreaterThanOrEqual(limiter.nextSlotAt('create'));
    // The batch sent: after a second with no create wanted, the others have the whole rate.
    granted.other = 0;
    await drive(1000, []);
    await drive(5000, ['other']);
    expect(granted.other).toBeGreaterThanOrEqual(98);
  });

  it('lets the others go at once when no create was wanted, and counts slots given back as unused', async () => {
    const { time, limiter } = setup({ initialPerSecond: 100, maxPerSecond: 100, burstSeconds: 0.04 });
    await time.advance(1000);
    expect(limiter.nextSlotAt('other')).toBe(time.now());
    // Four create slots taken, three given back (their rows were gone): one create counts.
    expect([1, 2, 3, 4].filter(() => limiter.tryAcquire('create')).length).toBe(4);
    limiter.giveBack(3, 'create');
    // One create in the window allows one other (never none); a second must wait for the window.
    expect(limiter.tryAcquire('other')).toBe(true);
    expect(limiter.tryAcquire('other')).toBe(false);
    expect(limiter.nextSlotAt('other')).toBe(time.now() + 1001);
  });
});
