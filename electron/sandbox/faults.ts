// Fault injection for tests and benchmarks: random rates from settings, scripted one-off faults, and a
// per-key rate limit.
import { SlidingWindow } from './rate-window';
import type { FaultController, FaultSettings, ScriptedFault, ScriptOptions } from './types';

export const DEFAULT_SIGNED_URL_TTL_MS = 15 * 60 * 1000;

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  resetRate: 0,
  cdnCutAfterBytes: null,
  cdnBytesPerSecond: null,
  signedUrlTtlMs: DEFAULT_SIGNED_URL_TTL_MS,
  perKeyRateLimit: null,
};

interface Scripted {
  fault: ScriptedFault;
  remaining: number;
  method?: string;
  path?: string | RegExp;
}

/** What should happen to one API request. */
export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'status'; status: number }
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'reset-before' }
  | { kind: 'reset-after' }
  | { kind: 'delay'; ms: number };

export type AdmitDecision = { kind: 'none' } | { kind: 'rate-limit'; retryAfter: string };

export class Faults implements FaultController {
  private current: FaultSettings;
  private scripted: Scripted[] = [];
  private readonly windows: SlidingWindow;
  rateLimited = 0;
  resets = 0;

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
    now: () => number = Date.now,
  ) {
    this.current = { ...NO_FAULTS, ...initial };
    this.windows = new SlidingWindow(now);
  }

  get settings(): Readonly<FaultSettings> {
    return this.current;
  }

  set(settings: Partial<FaultSettings>): void {
    this.current = { ...this.current, ...settings };
  }

  reset(): void {
    this.current = { ...NO_FAULTS };
    this.scripted = [];
    this.windows.clear();
    this.rateLimited = 0;
    this.resets = 0;
  }

  script(fault: ScriptedFault, options: ScriptOptions = {}): void {
    this.scripted.push({ fault, remaining: options.times ?? 1, method: options.method, path: options.path });
  }

  pending(): number {
    return this.scripted.reduce((sum, entry) => sum + entry.remaining, 0);
  }

  /** Decides (and uses up) the fault for an API request: scripted first, then the random rates. */
  decide(method: string, path: string): FaultDecision {
    const decision = this.choose(method, path);
    if (decision.kind === 'rate-limit') this.rateLimited += 1;
    if (decision.kind === 'reset-before' || decision.kind === 'reset-after') this.resets += 1;
    return decision;
  }

  private choose(method: string, path: string): FaultDecision {
    const entry = this.scripted.find((candidate) => matches(candidate, method, path));
    if (entry) {
      entry.remaining -= 1;
      if (entry.remaining <= 0) this.scripted = this.scripted.filter((candidate) => candidate !== entry);
      return fromScript(entry.fault, this.current.retryAfterSeconds);
    }
    const { errorRate, rateLimitRate, resetRate, retryAfterSeconds } = this.current;
    if (errorRate > 0 && this.random() < errorRate) {
      return { kind: 'status', status: this.random() < 0.5 ? 500 : 503 };
    }
    if (rateLimitRate > 0 && this.random() < rateLimitRate) {
      return { kind: 'rate-limit', retryAfter: String(retryAfterSeconds) };
    }
    if (resetRate > 0 && this.random() < resetRate) return { kind: 'reset-after' };
    return { kind: 'none' };
  }

  /**
   * Counts (and decides) one request of an authenticated API key against the per-key rate limit. Nothing
   * is recorded while the limit is off, so turning it on starts with empty windows.
   */
  admit(apiKey: string): AdmitDecision {
    const limit = this.current.perKeyRateLimit;
    if (limit === null) return { kind: 'none' };
    const result = this.windows.take(apiKey, Math.max(1, Math.floor(limit)));
    if (result.ok) return { kind: 'none' };
    this.rateLimited += 1;
    // Retry-After is delay-seconds: whole seconds, and at least 1 so a client never retries at once.
    return { kind: 'rate-limit', retryAfter: String(Math.max(1, Math.ceil(result.retryInMs / 1000))) };
  }
}

function matches(entry: Scripted, method: string, path: string): boolean {
  if (entry.method && entry.method.toUpperCase() !== method.toUpperCase()) return false;
  if (entry.path === undefined) return true;
  return typeof entry.path === 'string' ? entry.path === path : entry.path.test(path);
}

function fromScript(fault: ScriptedFault, retryAfterSeconds: number): FaultDecision {
  switch (fault.kind) {
    case 'status':
      return { kind: 'status', status: fault.status };
    case 'rate-limit':
      return { kind: 'rate-limit', retryAfter: fault.retryAfter ?? String(retryAfterSeconds) };
    case 'delay':
      return { kind: 'delay', ms: fault.ms };
    case 'reset-before':
    case 'reset-after':
      return { kind: fault.kind };
  }
}
