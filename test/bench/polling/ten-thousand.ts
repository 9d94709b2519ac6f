// 10,000 open jobs (30-minute runs, no learned durations: the heaviest demand) on one scheduler for a
// window: sockets open to the sandbox, requests in flight, this process's RSS and CPU.
import { createApiClient } from '../../../electron/core/api';
import { DurationModel } from '../../../electron/core/jobs/durations';
import type { PollTarget } from '../../../electron/core/jobs/poll-types';
import { AdaptivePoller } from './adaptive-poller';
import type { BenchProject } from './bench-seed';
import { RequestMeter } from './request-meter';
import { runChild } from './run-child';
import { socketsTo, tcpHandles } from './sockets';

export interface TenThousandResult {
  jobs: number;
  windowSeconds: number;
  requests: number;
  maxSockets: number | null;
  maxTcpHandles: number;
  maxInFlight: number;
  maxRssBytes: number;
  baselineRssBytes: number;
  heapUsedBytes: number;
  cpuShareOfCore: number;
  open: number;
  /** Latency the sandbox added to every answer. */
  latencyMs: number;
}

export async function tenThousand(
  url: string,
  port: number,
  apiKey: string,
  project: BenchProject,
  jobs: number,
  windowMs: number,
): Promise<TenThousandResult> {
  const baselineRssBytes = process.memoryUsage().rss;
  // Created by a child process (create-open-jobs.ts): its sockets and garbage are not this process's.
  const created = await runChild<PollTarget[]>('create-open-jobs.ts', [
    url,
    apiKey,
    project.projectId,
    project.jobType,
    String(jobs),
  ]);
  const meter = new RequestMeter();
  const poller = new AdaptivePoller(
    createApiClient({ baseUrl: url, apiKey, fetch: meter.fetch }),
    new DurationModel(),
  );
  const cpuStart = process.cpuUsage();
  const start = Date.now();
  for (const target of created) poller.add(target);
  created.length = 0;
  let maxSockets: number | null = null;
  let maxTcpHandles = 0;
  let maxRssBytes = 0;
  while (Date.now() - start < windowMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const sockets = socketsTo(port);
    if (sockets !== null) maxSockets = Math.max(maxSockets ?? 0, sockets);
    maxTcpHandles = Math.max(maxTcpHandles, tcpHandles());
    maxRssBytes = Math.max(maxRssBytes, process.memoryUsage().rss);
  }
  const cpu = process.cpuUsage(cpuStart);
  const elapsed = Date.now() - start;
  const result: TenThousandResult = {
    jobs,
    windowSeconds: elapsed / 1000,
    requests: meter.requests,
    maxSockets,
    maxTcpHandles,
    maxInFlight: meter.maxInFlight,
    maxRssBytes,
    baselineRssBytes,
    heapUsedBytes: process.memoryUsage().heapUsed,
    cpuShareOfCore: (cpu.user + cpu.system) / 1000 / elapsed,
    open: poller.scheduler.size,
    latencyMs: 0,
  };
  poller.dispose();
  return result;
}
