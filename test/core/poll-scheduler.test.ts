// The adaptive poll scheduler on fake time: one timer, intervals from learned durations, jitter, backoff,
// Retry-After to the millisecond, 401 pause, bounded concurrency, priorities, power, and its end states.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../electron/core/api';
import { DurationModel } from '../../electron/core/jobs/durations';
import { PollScheduler } from '../../electron/core/jobs/poll-scheduler';
import type { PollSchedulerDeps } from '../../electron/core/jobs/poll-scheduler';
import type { DurationKey, PollListener, PollTarget } from '../../electron/core/jobs/poll-types';
import { FakeJobService, apiError } from '../fixtures/fake-job-service';
import { FakePower, FakeTime, seededRandom } from '../fixtures/fake-time';

type Event =
  | { type: 'record'; id: string; status: string; final: boolean; at: number }
  | { type: 'lost'; id: string; at: number }
  | { type: 'error'; id: string; kind: string; at: number };

const KEY: DurationKey = { projectId: 'project-1', jobType: 'video' };

function setup(overrides: Partial<PollSchedulerDeps> = {}) {
  const time = new FakeTime();
  const service = new FakeJobService(time);
  const durations = overrides.durations ?? new DurationModel();
  const events: Event[] = [];
  const listener: PollListener = {
    onRecord: (target, job: Job, final) => {
      events.push({ type: 'record', id: target.id, status: job.job_status, final, at: time.now() });
    },
    onLost: (target) => {
      events.push({ type: 'lost', id: target.id, at: time.now() });
    },
    onError: (target, error) => {
      events.push({
        type: 'error',
        id: target.id,
        kind: (error as { kind?: string }).kind ?? 'unknown',
        at: time.now(),
      });
    },
  };
  const scheduler = new PollScheduler({
    clock: time,
    timers: time,
    random: seededRandom(7),
    durations,
    listener,
    fetchJob: service.fetchJob,
    // Fast enough not to matter unless a test is about the rate.
    rate: { initialPerSecond: 1000, maxPerSecond: 1000, slowStart: false },
    ...overrides,
  });
  return { time, service, durations, events, scheduler };
}

/** Times between successive calls for one job, each with the job's age at the earlier call. */
function gaps(calls: { at: number }[], startedAt: number): { age: number; gap: number }[] {
  return calls.slice(1).map((call, index) => {
    const previous = calls[index]!.at;
    return { age: previous - startedAt, gap: call.at - previous };
  });
}

/** Log-normal durations with the given median and coefficient of variation. */
function logNormal(random: () => number, median: number, cv: number): () => number {
  const sigma = Math.sqrt(Math.log(1 + cv * cv));
  return () => {
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.round(median * Math.exp(sigma * z));
  };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

describe('PollScheduler: when it polls', () => {
  it('keeps one timer for the whole account, however many jobs', async () => {
    const { time, service, scheduler } = setup();
    for (let index = 0; index < 1000; index += 1) scheduler.add(service.create(Infinity));
    expect(time.pending()).toBe(1);
    await time.advance(120_000);
    expect(time.peakPending).toBe(1);
    expect(new Set(service.calls.map((call) => call.uuid)).size).toBe(1000);
    scheduler.dispose();
    expect(time.pending()).toBe(0);
  });

  it('without learned durations, grows from 1 s by ~15 % of the age, jittered ±10 %, capped at 60 s', async () => {
    const { time, service, scheduler } = setup();
    const target = service.create(Infinity);
    scheduler.add(target);
    await time.advance(40 * 60_000);
    const calls = service.callsFor(target.uuid);
    const first = calls[0]!.at - target.startedAtMs;
    expect(first).toBeGreaterThanOrEqual(900);
    // At the 1 s floor, jitter only shortens.
    expect(first).toBeLessThanOrEqual(1000);
    for (const { age, gap } of gaps(calls, target.startedAtMs)) {
      const base = Math.max(1000, 0.15 * age);
      expect(gap).toBeGreaterThanOrEqual(Math.min(60_000, Math.floor(0.9 * base)) - 1);
      expect(gap).toBeLessThanOrEqual(Math.min(60_000, Math.ceil(1.1 * base) + 1));
    }
    const all = gaps(calls, target.startedAtMs).map((entry) => entry.gap);
    expect(Math.max(...all)).toBe(60_000);
    // About 10 polls in the first 10 s, then ever sparser: far fewer than one a second.
    expect(calls.length).toBeLessThan(100);
  });

  it('with learned durations, asks nothing before the first likely end, then every ≤ 7.8 % of the age', async () => {
    const durations = new DurationModel();
    // 40…80 s: a job of this kind may first end at ~36 s.
    for (let index = 0; index <= 100; index += 1) durations.record(KEY, 40_000 + index * 400);
    const firstEnd = durations.firstEndMs(KEY)!;
    const { time, service, scheduler } = setup({ durations });
    const target = service.create(Infinity);
    scheduler.add(target);
    await time.advance(10 * 60_000);
    const calls = service.callsFor(target.uuid);
    // A job that cannot have finished is not asked: the first poll is at its first likely end (5 % early at most).
    expect(calls[0]!.at - target.startedAtMs).toBeGreaterThanOrEqual(Math.floor(0.95 * firstEnd));
    expect(calls[0]!.at - target.startedAtMs).toBeLessThanOrEqual(Math.ceil(firstEnd));
    for (const { age, gap } of gaps(calls, target.startedAtMs)) {
      // Dense: never more than 7.8 % of the age, so a job ending now is seen within 0.8 of its allowance.
      expect(gap).toBeLessThanOrEqual(Math.max(1000, Math.ceil(0.078 * age)) + 1);
      expect(gap).toBeGreaterThanOrEqual(
        Math.min(57_000, Math.floor(0.95 * Math.max(1000, 0.078 * age))) - 1,
      );
      expect(gap).toBeLessThanOrEqual(60_000);
    }
  });

  it('decides a job’s first poll on what was learned meanwhile: half-way looks, no request', async () => {
    const durations = new DurationModel();
    for (const duration of [55_000, 60_000, 65_000]) durations.record(KEY, duration);
    const { time, service, scheduler } = setup({ durations });
    const target = service.create(30_000);
    scheduler.add(target);
    const planned = scheduler.nextPollAt(target.id)! - target.startedAtMs;
    // The poll itself is said, not the look half-way.
    expect(planned).toBeGreaterThan(0.95 * durations.firstEndMs(KEY)! - 1);
    expect(planned).toBeGreaterThan(35_000);
    await time.advance(10_000);
    // Meanwhile the kind turned faster: the other jobs that finished took 25–35 s.
    for (let index = 0; index <= 20; index += 1) durations.record(KEY, 25_000 + index * 500);
    await time.until(() => scheduler.size === 0, 10 * 60_000);
    const calls = service.callsFor(target.uuid);
    expect(calls[0]!.at - target.startedAtMs).toBeLessThan(planned);
    expect(calls[0]!.at - target.startedAtMs).toBeGreaterThanOrEqual(
      Math.floor(0.95 * durations.firstEndMs(KEY)!),
    );
    // Seen within 0.8 of its allowance (8 % of 30 s), where the first plan would have seen it after 35 s.
    expect(service.detectedAt.get(target.uuid)! - (target.startedAtMs + 30_000)).toBeLessThanOrEqual(2_400);
  });

  it('asks the jobs of a kind still waiting for their first poll sooner once the first of them has ended sooner', async () => {
    const durations = new DurationModel();
    for (const duration of [55_000, 60_000, 65_000]) durations.record(KEY, duration);
    const { time, service, scheduler } = setup({ durations });
    // The first job of a wave, then ten more a few seconds later; all are in fact far faster than learned.
    const first = service.create(20_000);
    scheduler.add(first);
    await time.advance(5_000);
    const wave = Array.from({ length: 10 }, () => service.create(30_000));
    for (const target of wave) scheduler.add(target);
    const planned = scheduler.nextPollAt(wave[0]!.id)!;
    await time.until(() => service.detectedAt.has(first.uuid), 120_000, 250);
    // The first job's answer said it ended at 20 s: the others are asked at the new first likely end (which
    // has passed for them), not at the one planned before.
    const firstAnswer = service.detectedAt.get(first.uuid)!;
    await time.until(() => scheduler.size === 0, 120_000, 250);
    expect(firstAnswer).toBeLessThan(planned);
    for (const target of wave) {
      expect(service.callsFor(target.uuid).map((call) => call.at)).toEqual([firstAnswer]);
    }
  });

  it('costs ≤ 0.2× the requests of a fixed 1 s poller, with p95 detection lag ≤ 0.8 of max(1 s, 10 % of the duration), durations well learned', async () => {
    const random = seededRandom(42);
    const draw = logNormal(random, 60_000, 0.3);
    const durations = new DurationModel();
    for (let index = 0; index < 200; index += 1) durations.record(KEY, draw());
    const { time, service, scheduler } = setup({ durations, random });
    const targets: { target: PollTarget; duration: number }[] = [];
    for (let index = 0; index < 300; index += 1) {
      const duration = draw();
      targets.push({ target: service.create(duration), duration });
    }
    for (const { target } of targets) scheduler.add(target);
    await time.until(() => scheduler.size === 0, 30 * 60_000, 5_000);
    const fixedPollerRequests = targets.reduce((sum, { duration }) => sum + Math.ceil(duration / 1000), 0);
    expect(service.calls.length / fixedPollerRequests).toBeLessThanOrEqual(0.2);
    const normalisedLags = targets.map(({ target, duration }) => {
      const lag = service.detectedAt.get(target.uuid)! - (target.startedAtMs + duration);
      return lag / Math.max(1000, 0.1 * duration);
    });
    expect(quantile(normalisedLags, 0.95)).toBeLessThanOrEqual(0.8);
  });

  it('sends nothing from within add() or pollNow(): every request leaves from the timer', async () => {
    const { time, service, scheduler } = setup();
    const target = service.create(Infinity, { createdAt: time.now() - 3_600_000 });
    scheduler.add(target);
    scheduler.pollNow(target.id);
    expect(service.calls).toHaveLength(0);
    await time.advance(0);
    expect(service.calls).toHaveLength(1);
  });

  it('adding a known id replaces its target and keeps its place', async () => {
    const { time, service, scheduler } = setup();
    const target = service.create(Infinity);
    scheduler.add(target);
    const planned = scheduler.nextPollAt(target.id);
    scheduler.add({ ...target, startedAtMs: target.startedAtMs + 5_000 });
    expect(scheduler.size).toBe(1);
    expect(scheduler.nextPollAt(target.id)).toBe(planned);
    await time.advance(1_500);
    expect(service.calls).toHaveLength(1);
  });

  it('learns each finished job’s duration from the service’s own timestamps', async () => {
    const { time, service, durations, scheduler, events } = setup();
    const targets = [12_345, 20_000, 31_000].map((duration) => service.create(duration));
    targets.forEach((target) => scheduler.add(target));
    await time.until(() => scheduler.size === 0, 10 * 60_000);
    expect(durations.count(KEY)).toBe(3);
    expect(durations.estimate(KEY)).toMatchObject({ median: 20_000, count: 3 });
    expect(events.filter((event) => event.type === 'record' && event.final)).toHaveLength(3);
  });

  it('puts restored jobs (already older than their interval) within the catch-up window, spread', async () => {
    const { time, service, scheduler } = setup();
    const start = time.now();
    for (let index = 0; index < 50; index += 1) {
      scheduler.add(service.create(Infinity, { createdAt: start - 3_600_000 }));
    }
    await time.advance(5_000);
    const firstCalls = new Map<string, number>();
    for (const call of service.calls) if (!firstCalls.has(call.uuid)) firstCalls.set(call.uuid, call.at);
    expect(firstCalls.size).toBe(50);
    const times = [...firstCalls.values()];
    expect(Math.max(...times) - start).toBeLessThanOrEqual(5_000);
    expect(new Set(times).size).toBeGreaterThan(25);
  });
});

describe('PollScheduler: failures', () => {
  it('backs off exponentially with full jitter, capped at 5 min, reporting every error; recovers after', async () => {
    const { time, service, scheduler, events } = setup({ random: () => 0.999 });
    const target = service.create(Infinity);
    let failing = true;
    service.setScript(() => (failing ? apiError('server', { status: 503 }) : undefined));
    scheduler.add(target);
    await time.advance(30 * 60_000);
    const failed = service.callsFor(target.uuid);
    const observed = gaps(failed, target.startedAtMs).map((entry) => entry.gap);
    const expected = observed.map((_, index) => Math.floor(0.999 * Math.min(300_000, 1000 * 2 ** index)));
    expect(observed).toEqual(expected);
    expect(Math.max(...observed)).toBe(Math.floor(0.999 * 300_000));
    expect(events.filter((event) => event.type === 'error')).toHaveLength(failed.length);
    expect(events.every((event) => event.type === 'error' && event.kind === 'server')).toBe(true);

    failing = false;
    await time.advance(600_000);
    const after = service.callsFor(target.uuid).slice(failed.length);
    // The first answer resets the backoff: the next gaps are ordinary intervals, not 5 min.
    expect(after.length).toBeGreaterThanOrEqual(3);
    expect(after[2]!.at - after[1]!.at).toBeLessThanOrEqual(60_000);
  });

  it('keeps the full jitter of the backoff within [0, ceiling)', async () => {
    const { time, service, scheduler } = setup({ random: seededRandom(3) });
    const target = service.create(Infinity);
    service.setScript(() => apiError('network'));
    scheduler.add(target);
    await time.advance(60 * 60_000);
    gaps(service.callsFor(target.uuid), target.startedAtMs).forEach(({ gap }, index) => {
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThan(Math.min(300_000, 1000 * 2 ** index) + 1);
    });
  });

  it('on a 429, sends nothing to the account before Retry-After has passed, to the millisecond, and goes just under the traffic that drew it', async () => {
    const { time, service, scheduler, events } = setup({
      rate: { initialPerSecond: 100, maxPerSecond: 100, slowStart: false },
    });
    let limitedAt: number | null = null;
    service.setScript((call) => {
      if (limitedAt === null && service.calls.length > 5) {
        limitedAt = call.at;
        return apiError('rate-limited', { status: 429, retryAfterMs: 1500 });
      }
      return undefined;
    });
    for (let index = 0; index < 20; index += 1) scheduler.add(service.create(Infinity));
    await time.advance(3_000);
    expect(limitedAt).not.toBeNull();
    const at = limitedAt!;
    expect(service.calls.filter((call) => call.at > at && call.at < at + 1500)).toHaveLength(0);
    expect(service.calls.some((call) => call.at === at + 1500)).toBe(true);
    const { ratePerSecond, rateLimited } = scheduler.stats();
    expect(rateLimited).toBe(1);
    // Not halved from 100: just under the traffic that drew it less the refused request, which did not fit
    // (the key's limit, as far as it can be seen), then growing back by at most +0.05/s per second so near it.
    const drew = service.calls.filter((call) => call.at > at - 1000 && call.at <= at).length;
    expect(drew).toBeGreaterThanOrEqual(6);
    expect(ratePerSecond).toBeGreaterThanOrEqual(0.9 * (drew - 1));
    expect(ratePerSecond).toBeLessThan(0.9 * (drew - 1) + 0.2);
    expect(events.filter((event) => event.type === 'error' && event.kind === 'rate-limited')).toHaveLength(1);
  });

  it('after a 401, pauses the whole account for 60 s, then probes with one request at a time', async () => {
    const { time, service, scheduler, events } = setup();
    let refuse = true;
    service.setScript(() => (refuse ? apiError('unauthorized', { status: 401 }) : { delayMs: 200 }));
    for (let index = 0; index < 10; index += 1) scheduler.add(service.create(Infinity));
    await time.advance(1_200);
    const firstRefusal = events.find((event) => event.type === 'error')!.at;
    const before = service.calls.length;
    await time.advance(firstRefusal + 59_999 - time.now());
    expect(service.calls.length).toBe(before);
    refuse = false;
    service.maxInFlight = 0;
    await time.advance(1);
    expect(service.calls.length).toBe(before + 1);
    expect(scheduler.stats().inFlight).toBe(1);
    await time.advance(199);
    // The probe was answered: the account is back to many at a time.
    await time.advance(5_000);
    expect(service.maxInFlight).toBeGreaterThan(1);
  });

  it('keeps polling, with backoff, a job whose status is outside the documented five', async () => {
    const { time, service, scheduler, events } = setup({ random: () => 0.5 });
    const target = service.create(120_000);
    service.jobs.get(target.uuid)!.statusOverride = 'CANCELLED';
    scheduler.add(target);
    await time.advance(60_000);
    service.jobs.get(target.uuid)!.statusOverride = 'success';
    await time.advance(60_000);
    const odd = events.filter((event) => event.type === 'record');
    expect(odd.length).toBeGreaterThanOrEqual(5);
    expect(odd.every((event) => event.type === 'record' && !event.final)).toBe(true);
    expect(new Set(odd.map((event) => event.type === 'record' && event.status))).toEqual(
      new Set(['CANCELLED', 'success']),
    );
    const spacing = gaps(service.callsFor(target.uuid), target.startedAtMs).map((entry) => entry.gap);
    // Backoff: 0.5 × 1 s, 0.5 × 2 s, 0.5 × 4 s …
    expect(spacing.slice(0, 5)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(scheduler.has(target.id)).toBe(true);
    delete service.jobs.get(target.uuid)!.statusOverride;
    await time.until(() => !scheduler.has(target.id), 10 * 60_000);
    expect(events.at(-1)).toMatchObject({ type: 'record', status: 'SUCCESS', final: true });
  });

  it('reports a job the service no longer knows as lost and stops polling it', async () => {
    const { time, service, scheduler, events } = setup();
    const target = service.create(Infinity);
    scheduler.add(target);
    await time.advance(5_000);
    service.jobs.delete(target.uuid);
    await time.advance(5_000);
    expect(events.filter((event) => event.type === 'lost')).toEqual([
      { type: 'lost', id: target.id, at: expect.any(Number) },
    ]);
    expect(scheduler.has(target.id)).toBe(false);
    const count = service.calls.length;
    await time.advance(10 * 60_000);
    expect(service.calls.length).toBe(count);
    expect(time.pending()).toBe(0);
  });
});

describe('PollScheduler: load, order and power', () => {
  it('never has more than maxInFlight requests in flight', async () => {
    const { time, service, scheduler } = setup({ maxInFlight: 4 });
    service.setScript(() => ({ delayMs: 700 }));
    for (let index = 0; index < 200; index += 1) scheduler.add(service.create(Infinity));
    let peak = 0;
    for (let step = 0; step < 600; step += 1) {
      await time.advance(100);
      peak = Math.max(peak, scheduler.stats().inFlight);
    }
    expect(service.maxInFlight).toBe(4);
    expect(peak).toBe(4);
    expect(new Set(service.calls.map((call) => call.uuid)).size).toBe(200);
  });

  it('sends the most overdue job first when the rate is the limit', async () => {
    const durations = new DurationModel();
    const keys = { a: 'p-a', b: 'p-b', c: 'p-c' };
    // First polls at their first likely end (no spread learned: their one duration): b at 20 s, a at 40 s, c at 60 s.
    for (let index = 0; index < 3; index += 1) {
      durations.record({ projectId: keys.a, jobType: 'video' }, 40_000);
      durations.record({ projectId: keys.b, jobType: 'video' }, 20_000);
      durations.record({ projectId: keys.c, jobType: 'video' }, 60_000);
    }
    const { time, service, scheduler } = setup({
      durations,
      random: () => 0.5,
      rate: { initialPerSecond: 1, maxPerSecond: 1, slowStart: false },
    });
    const blocker = service.create(Infinity, { projectId: 'p-new' });
    let blocked = false;
    service.setScript((call) => {
      if (call.uuid !== blocker.uuid || blocked) return undefined;
      blocked = true;
      return apiError('rate-limited', { status: 429, retryAfterMs: 100_000 });
    });
    scheduler.add(blocker);
    const a = service.create(Infinity, { projectId: keys.a });
    const b = service.create(Infinity, { projectId: keys.b });
    const c = service.create(Infinity, { projectId: keys.c });
    [a, b, c].forEach((target) => scheduler.add(target));
    await time.advance(1_000);
    expect(service.calls).toHaveLength(1);
    await time.advance(99_999);
    expect(service.calls).toHaveLength(1);
    await time.advance(10_000);
    expect(service.calls.slice(1, 5).map((call) => call.uuid)).toEqual([
      b.uuid,
      a.uuid,
      c.uuid,
      blocker.uuid,
    ]);
  });

  it('sends nothing while offline or asleep, aborts what was in flight, and spreads the catch-up', async () => {
    const power = new FakePower();
    const { time, service, scheduler, events } = setup({ power });
    for (let index = 0; index < 40; index += 1) scheduler.add(service.create(Infinity));
    await time.advance(20_000);
    const from = service.calls.length;
    service.setScript(() => ({ hang: true }));
    await time.until(() => scheduler.stats().inFlight > 0, 60_000, 50);
    const hanging = service.calls.slice(from);
    expect(hanging.length).toBeGreaterThan(0);
    power.set('offline');
    expect(hanging.every((call) => call.signal.aborted)).toBe(true);
    service.setScript(null);
    const count = service.calls.length;
    await time.advance(10 * 60_000);
    power.set('asleep');
    await time.advance(60 * 60_000);
    expect(service.calls.length).toBe(count);
    expect(time.pending()).toBe(0);
    expect(events.filter((event) => event.type === 'error')).toHaveLength(0);

    const back = time.now();
    power.set('online');
    await time.advance(5_000);
    const catchUp = service.calls.slice(count);
    expect(new Set(catchUp.map((call) => call.uuid)).size).toBe(40);
    expect(catchUp.every((call) => call.at >= back && call.at <= back + 5_000)).toBe(true);
    // Spread over the window, not a herd in the first instant.
    expect(catchUp.filter((call) => call.at < back + 500).length).toBeLessThan(15);
  });

  it('polls a job at once on pollNow, ignoring an answer that was already on its way', async () => {
    const { time, service, scheduler, events } = setup();
    const target = service.create(Infinity);
    scheduler.add(target);
    await time.advance(60_000);
    const count = service.calls.length;
    const next = scheduler.nextPollAt(target.id)!;
    expect(next - time.now()).toBeGreaterThan(1000);
    scheduler.pollNow(target.id);
    await time.advance(0);
    expect(service.calls.length).toBe(count + 1);

    service.setScript(() => ({ delayMs: 300 }));
    scheduler.pollNow(target.id);
    await time.advance(100);
    const recordsBefore = events.length;
    scheduler.pollNow(target.id);
    await time.advance(200);
    // The first answer predates the second pollNow: dropped, and asked again.
    expect(events.length).toBe(recordsBefore);
    await time.advance(300);
    expect(events.length).toBe(recordsBefore + 1);
    expect(service.calls.length).toBe(count + 3);
  });

  it('dispose aborts the requests in flight, clears its timer and reports nothing more', async () => {
    const { time, service, scheduler, events } = setup();
    service.setScript(() => ({ hang: true }));
    for (let index = 0; index < 30; index += 1) scheduler.add(service.create(Infinity));
    await time.advance(2_000);
    expect(scheduler.stats().inFlight).toBe(16);
    const count = events.length;
    scheduler.dispose();
    expect(service.calls.every((call) => call.signal.aborted)).toBe(true);
    expect(time.pending()).toBe(0);
    await time.advance(10 * 60_000);
    expect(events.length).toBe(count);
    expect(service.calls).toHaveLength(16);
    expect(scheduler.size).toBe(0);
  });

  it('handles 10,000 open jobs on one timer, polling every one of them', async () => {
    const { time, service, scheduler } = setup();
    for (let index = 0; index < 10_000; index += 1) scheduler.add(service.create(Infinity));
    expect(scheduler.size).toBe(10_000);
    await time.advance(30_000);
    expect(time.peakPending).toBe(1);
    expect(new Set(service.calls.map((call) => call.uuid)).size).toBe(10_000);
    expect(service.maxInFlight).toBeLessThanOrEqual(16);
    expect(scheduler.remove('h-job-1')).toBe(true);
    expect(scheduler.remove('h-job-1')).toBe(false);
    expect(scheduler.size).toBe(9_999);
  });
});
