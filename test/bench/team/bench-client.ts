// One client of the bench: an app core in its own data folder (its own computer) on the sandbox's account as
// a session account, in team mode or on its SQLite history, recording when its page is told of each job.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import type { JobsChanged, JobView } from '../../../electron/shared/domain/job';
import type { Channel, IpcResult, ResultOf } from '../../../electron/shared/ipc/contract';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';

export const ACCOUNT_ID = 'bench-team-account';

export interface ClientOptions {
  name: string;
  baseUrl: string;
  apiKey: string;
  /** The team database; none: this computer's SQLite history. */
  teamUrl?: string;
  flushMs?: number;
  /** A data folder to start in and keep (a second run on the same history); a new one removed after, if none. */
  dataDir?: string;
}

export interface BenchClient {
  readonly name: string;
  readonly core: AppCore;
  /** performance.now() when the page was first told a job's tracking is `final`, by job id. */
  readonly finalAt: Map<string, number>;
  /** The latest view the page was told of, by job id. */
  readonly latest: Map<string, JobView>;
  call<C extends Channel>(channel: C, params?: unknown): Promise<ResultOf<C>>;
  dispose(): Promise<void>;
}

export function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

export async function startClient(options: ClientOptions): Promise<BenchClient> {
  const dir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'jrs-bench-team-')));
  const core = await createAppCore({
    dataDir: dir,
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(),
    sessionAccounts: [{ id: ACCOUNT_ID, name: 'Team', baseUrl: options.baseUrl, apiKey: options.apiKey }],
    ...(options.teamUrl ? { team: { url: options.teamUrl, submittedBy: options.name } } : {}),
    autoDownload: false,
    ...(options.flushMs === undefined ? {} : { flushMs: options.flushMs }),
  });
  const finalAt = new Map<string, number>();
  const latest = new Map<string, JobView>();
  core.onEvent((event, payload) => {
    if (event !== 'jobs:changed') return;
    const now = performance.now();
    for (const job of (payload as JobsChanged).jobs) {
      latest.set(job.id, job);
      if (job.tracking === 'final' && !finalAt.has(job.id)) finalAt.set(job.id, now);
    }
  });
  let disposed = false;
  return {
    name: options.name,
    core,
    finalAt,
    latest,
    call: async <C extends Channel>(channel: C, params?: unknown) =>
      value(await dispatch(core, channel, params)),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await core.dispose();
      if (!options.dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
