// The sandbox as a child process (its CPU is not the clients' event loop) that logs every request, so that
// the bench counts the status requests (GET /jobs/:id) the service received from all clients together.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface CountingSandbox {
  readonly url: string;
  /** GET /jobs/:id requests answered since the start or the last reset. */
  statusRequests(): number;
  /** POST /jobs/v2 (job creates) answered since the start or the last reset. */
  creates(): number;
  /**
   * Status requests of one job less than `withinMs` after the previous one of the same job, since the start
   * or the last reset: two clients polling one job (a poller schedules a job's next request ≥ 1 s later).
   */
  doubled(withinMs: number): number;
  /** Every request answered since the start or the last reset, as it arrived (performance.now()). */
  requests(): readonly AnsweredRequest[];
  reset(): void;
  stop(): Promise<void>;
}

export interface AnsweredRequest {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

const ROOT = resolve(__dirname, '../../..');
/** Any request line of `--verbose`: `POST /jobs/v2 → 429`. */
const REQUEST_LINE = /^([A-Z]+) (\S+) → (\d+)$/;
const READY = /Sandbox listening on (http:\/\/\S+)/;
/** A request line of `--verbose`: `GET /jobs/<id> → 200` (never the key). */
const STATUS_LINE = /^GET \/jobs\/([^/\s]+) → \d+$/;
const CREATE_LINE = /^POST \/jobs\/v2 → \d+$/;

export function startCountingSandbox(
  seedPath: string,
  flags: readonly string[] = [],
): Promise<CountingSandbox> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', '--seed', seedPath, '--verbose', ...flags],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let status = 0;
  let creates = 0;
  /** When each job's status was last asked (as the line arrived), and how often twice in a row closely. */
  let lastAsked = new Map<string, number>();
  let gaps: number[] = [];
  let answered: AnsweredRequest[] = [];
  let rest = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  return new Promise((resolveStart, rejectStart) => {
    let started = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const request = REQUEST_LINE.exec(line);
        if (request?.[1] && request[2] && request[3])
          answered.push({
            at: performance.now(),
            method: request[1],
            path: request[2],
            status: Number(request[3]),
          });
        const asked = STATUS_LINE.exec(line);
        if (asked?.[1]) {
          status += 1;
          const now = performance.now();
          const before = lastAsked.get(asked[1]);
          if (before !== undefined) gaps.push(now - before);
          lastAsked.set(asked[1], now);
        } else if (CREATE_LINE.test(line)) creates += 1;
        const ready = started ? null : READY.exec(line);
        if (!ready?.[1]) continue;
        started = true;
        const url = ready[1];
        resolveStart({
          url,
          statusRequests: () => status,
          creates: () => creates,
          doubled: (withinMs) => gaps.filter((gap) => gap < withinMs).length,
          requests: () => answered,
          reset: () => {
            answered = [];
            status = 0;
            creates = 0;
            lastAsked = new Map();
            gaps = [];
          },
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) =>
      rejectStart(new Error(`the sandbox exited (${code}) before listening: ${errors.trim()}`)),
    );
  });
}
