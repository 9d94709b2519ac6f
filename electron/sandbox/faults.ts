// Fault injection for tests and benchmarks: random rates from settings, and scripted one-off faults.
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

export class Faults implements FaultController {
  private current: FaultSettings;
  private scripted: Scripted[] = [];

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
  ) {
    this.current = { ...NO_FAULTS, ...initial };
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
  }

  script(fault: ScriptedFault, options: ScriptOptions = {}): void {
    this.scripted.push({ fault, remaining: options.times ?? 1, method: options.method, path: options.path });
  }

  pending(): number {
    return this.scripted.reduce((sum, entry) => sum + entry.remaining, 0);
  }

  /** Decides (and uses up) the fault for an API request: scripted first, then the random rates. */
  decide(method: string, path: string): FaultDecision {
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
