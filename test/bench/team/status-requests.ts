// Parts 1 and 2: clients on one team database submit jobs and wait until every job is final on every
// client; the service counts the status requests (GET /jobs/:id) they sent together, and each client's page
// says when it was told each job ended (the poller's page versus the others': the change-to-display delay).
import { performance } from 'node:perf_hooks';
import type { SubmitJob } from '../../../electron/shared/domain/job';
import { startClient, type BenchClient } from './bench-client';
import type { CountingSandbox } from './sandbox-child';

export interface TeamRunOptions {
  sandbox: CountingSandbox;
  apiKey: string;
  teamUrl: string;
  clients: number;
  /** Parallel submitters (a person each), spread over the clients; each sends `jobsEach` jobs one by one. */
  submitters: number;
  jobsEach: number;
  request: Omit<SubmitJob, 'values'>;
  timeoutMs: number;
}

export interface TeamRunResult {
  clients: number;
  jobs: number;
  statusRequests: number;
  creates: number;
  /** From the first submission to every job final on every client. */
  wallMs: number;
  /** The clients that held the account's polling (one expected). */
  pollers: string[];
  /** For each job and each client other than the poller: its page told of the end minus the poller's, ms. */
  delays: number[];
  /** Jobs some client was never told ended (0 expected). */
  missing: number;
  /** Status requests within 300 ms of the previous one of the same job: two clients polling it (0 expected). */
  doubled: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function teamRun(options: TeamRunOptions): Promise<TeamRunResult> {
  const clients: BenchClient[] = [];
  try {
    // One after the other: the first one started takes the account's polling for the team.
    for (let index = 0; index < options.clients; index++)
      clients.push(
        await startClient({
          name: `client ${index + 1}`,
          baseUrl: options.sandbox.url,
          apiKey: options.apiKey,
          teamUrl: options.teamUrl,
        }),
      );
    await pause(200);
    options.sandbox.reset();
    const ids: string[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.submitters }, async (_, person) => {
        const client = clients[person % clients.length]!;
        for (let index = 0; index < options.jobsEach; index++) {
          const job = await client.call('jobs:submit', {
            ...options.request,
            values: { headline: `Person ${person + 1}, job ${index + 1}` },
          });
          ids.push(job.id);
        }
      }),
    );
    const allSeen = () => clients.every((client) => ids.every((id) => client.finalAt.has(id)));
    const deadline = started + options.timeoutMs;
    while (!allSeen() && performance.now() < deadline) await pause(20);
    const ended = Math.max(...clients.flatMap((client) => ids.map((id) => client.finalAt.get(id) ?? 0)));
    const pollers = clients.filter((client) => client.core.isHistoryOwner());
    const poller = pollers[0] ?? clients[0]!;
    const delays: number[] = [];
    let missing = 0;
    for (const id of ids) {
      const shown = poller.finalAt.get(id);
      if (shown === undefined) missing += 1;
      for (const other of clients) {
        if (other === poller || shown === undefined) continue;
        const at = other.finalAt.get(id);
        if (at === undefined) missing += 1;
        else delays.push(at - shown);
      }
    }
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
    // The sandbox's request lines reach this process through a pipe: let the last ones arrive.
    await pause(300);
    return {
      clients: options.clients,
      jobs: ids.length,
      statusRequests: options.sandbox.statusRequests(),
      creates: options.sandbox.creates(),
      wallMs: ended - started,
      pollers: pollers.map((client) => client.name),
      delays,
      missing,
      doubled: options.sandbox.doubled(300),
    };
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
}
