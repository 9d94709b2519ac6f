// The sandbox's programmatic interface: options, fault injection and the running handle tests use.
import type { RunKey } from './key-hashes';
import type { SandboxSeed, SandboxSeedInput } from './seed';

export interface FaultSettings {
  /** Added before every API and CDN response. */
  latencyMs: number;
  /** Share (0–1) of API requests answered 500 or 503 before they take effect. */
  errorRate: number;
  /** Share (0–1) of API requests answered 429 (with Retry-After) before they take effect. */
  rateLimitRate: number;
  /** Seconds in the Retry-After header of 429 answers. */
  retryAfterSeconds: number;
  /** Share (0–1) of API requests whose connection is reset mid-response, after they took effect. */
  resetRate: number;
  /** CDN downloads stop (socket destroyed) after this many body bytes; null = never. */
  cdnCutAfterBytes: number | null;
  /** CDN downloads are throttled to this speed; null = full speed. */
  cdnBytesPerSecond: number | null;
  /** Lifetime of signed URLs. */
  signedUrlTtlMs: number;
  /**
   * At most this many API requests per key within any one-second window (sliding); the next gets 429
   * with Retry-After before it takes effect. Counted per valid key, on API routes only (not the CDN);
   * refused requests do not count. null = no limit.
   */
  perKeyRateLimit: number | null;
}

/** A fault for the next matching request(s), for deterministic tests. */
export type ScriptedFault =
  | { kind: 'status'; status: 500 | 502 | 503 }
  | { kind: 'rate-limit'; retryAfter?: string }
  | { kind: 'reset-before' }
  | { kind: 'reset-after' }
  | { kind: 'delay'; ms: number };

export interface ScriptOptions {
  /** How many matching requests get the fault (default 1). */
  times?: number;
  /** Only requests with this method (e.g. 'POST'). */
  method?: string;
  /** Only requests whose path (without query) matches. */
  path?: string | RegExp;
}

export interface FaultController {
  readonly settings: Readonly<FaultSettings>;
  set(settings: Partial<FaultSettings>): void;
  /** Back to no faults and the default signed-URL lifetime; scripted faults are dropped. */
  reset(): void;
  script(fault: ScriptedFault, options?: ScriptOptions): void;
  /** Scripted faults not yet used. */
  pending(): number;
  /** 429s answered (injected or by the per-key limit) since the start or the last reset. */
  readonly rateLimited: number;
  /** Connections reset (injected, before or after the request took effect) since the start or the last reset. */
  readonly resets: number;
}

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Always loopback unless a caller insists; defaults to 127.0.0.1. */
  host?: string;
  /** Parsed or raw seed; defaults to resources/sandbox-seed.json. */
  seed?: SandboxSeed | SandboxSeedInput;
  /** Folder for sandbox.sqlite; null or omitted keeps everything in memory. */
  dataDir?: string | null;
  faults?: Partial<FaultSettings>;
  /** HMAC secret for signed URLs; random per data folder when omitted (and kept in it). */
  signingSecret?: string;
  /** Request log lines (never carry the API key). */
  log?: (line: string) => void;
  /**
   * Time a client has to send a whole request, headers and body; after it the sandbox answers 408 and
   * closes the connection. Default 30 s.
   */
  requestTimeoutMs?: number;
  /**
   * Random source of fault rates and of run durations (`simulate.durationSpread`); pass a seeded one
   * for repeatable runs. Default Math.random.
   */
  random?: () => number;
  /**
   * The app's key for this run of its built-in sandbox: the first seed account takes it instead of the
   * seed's public key, beside the keys of the other live processes on the same data folder (key-hashes.ts).
   */
  runKey?: RunKey;
}

/** One request that reached the CDN, as the sandbox received it. */
export interface CdnRequest {
  method: string;
  /** Without the query string: the signature is never recorded. */
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface SandboxInspector {
  /** Jobs stored for an account (all accounts when no key is given). */
  jobCount(apiKey?: string): number;
  /** An account's job ids, oldest first. */
  jobIds(apiKey: string): string[];
  credits(apiKey: string): number;
  /** Storage keys of the files the sandbox holds. */
  fileKeys(): string[];
  /**
   * The latest requests under /cdn/ (up to 1,000, oldest first), recorded before any check: method, path
   * without the query (so no signature), and headers as received.
   */
  cdnRequests(): readonly CdnRequest[];
  /** The folder holding the stored files' bytes (a temporary one for an in-memory sandbox). */
  filesFolder(): string;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8787 — the `{base_url}` and, under /cdn, the `{cdn_url}`. */
  readonly url: string;
  readonly port: number;
  /** The seeded accounts' keys, in seed order. */
  readonly apiKeys: readonly string[];
  readonly faults: FaultController;
  readonly inspect: SandboxInspector;
  close(): Promise<void>;
}
