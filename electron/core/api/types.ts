// The client's public types: the options of createApiClient and the ApiClient interface itself.
import type {
  CreateJobRequest,
  Job,
  MappingFields,
  Project,
  UpdateJobRequest,
} from '../../shared/api/schemas';
import type { RetryOptions } from './retry-policy';
import type { CallOptions } from './transport';

export type { CallOptions, RetryOptions };

export interface ApiClientOptions {
  /** The service's `{base_url}`, http or https, e.g. `https://api.example.com` or the sandbox's URL. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt, covering the body as well. Default 30 s. */
  timeoutMs?: number;
  /** Default: 3 retries, 250 ms base, 8 s cap, Retry-After honoured up to 60 s. */
  retry?: Partial<RetryOptions>;
  /** Largest body read from a success answer. Default 5 MiB. */
  maxBodyBytes?: number;
  /** Defaults to the platform's fetch. */
  fetch?: typeof fetch;
  /** One line per attempt, e.g. `GET /jobs/<id> → 200 in 12 ms`. Never carries the key or headers. */
  log?: (line: string) => void;
  /** In [0, 1); injectable so tests control the jitter. */
  random?: () => number;
  /** Injectable so tests need not wait; must reject (or resolve early) when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for Retry-After dates. */
  now?: () => number;
}

/** One typed function per endpoint of the service. Every failure is an ApiError. */
export interface ApiClient {
  /** GET /auth/credits: the account's credit balance. */
  getCredits(options?: CallOptions): Promise<number>;
  /** GET /api/provider/projects/active. */
  listActiveProjects(options?: CallOptions): Promise<Project[]>;
  /** GET /api/provider/projects/:projectId/mapping-fields; `not-found` for a foreign or deleted project. */
  getMappingFields(projectId: string, options?: CallOptions): Promise<MappingFields>;
  /** POST /jobs/v2. The body is validated first: bad input is a `bad-request` and nothing is sent. */
  createJob(body: CreateJobRequest, options?: CallOptions): Promise<Job>;
  /** GET /jobs/:id; the service's 200 `{ message: "Job not found" }` becomes `not-found`. */
  getJob(id: string, options?: CallOptions): Promise<Job>;
  /** PUT /jobs/:id; `output.credit_used` is taken off the balance. `not-found` as for getJob. */
  updateJob(id: string, body: UpdateJobRequest, options?: CallOptions): Promise<Job>;
  /** POST /jobs/trigger-job; resolves with the service's message. `{ message: "No job found" }` → `not-found`. */
  triggerJobs(ids: readonly string[], options?: CallOptions): Promise<string>;
  /**
   * POST /jobs (legacy): creates no job and resolves with the service's deprecation notice.
   * @deprecated The service deprecated this endpoint; use {@link ApiClient.createJob} (POST /jobs/v2).
   */
  createJobLegacy(body?: Record<string, unknown>, options?: CallOptions): Promise<string>;
  /** GET /storage/generate-signed-path?path=…: a temporary http(s) download URL for a storage key. */
  getSignedUrl(path: string, options?: CallOptions): Promise<string>;
  /**
   * POST /sandbox/uploads, the sandbox account's asset storage (not in the spec): the raw bytes with
   * `mimeType` as their content type and the percent-encoded `name`; resolves with the file's signed link.
   * A write: retried only when the bytes provably never left.
   */
  uploadSandboxAsset(
    bytes: Uint8Array<ArrayBuffer>,
    name: string,
    mimeType: string,
    options?: CallOptions,
  ): Promise<{ url: string }>;
}
