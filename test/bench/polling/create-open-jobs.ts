// Child process of the 10,000-job part: creates the jobs through the real client and prints them as
// JSON, so that the sockets and memory of the creation are not counted as the scheduler's.
import { createApiClient } from '../../../electron/core/api';
import type { JobType } from '../../../electron/shared/api/job-types';
import { createJobs } from './create-jobs';

async function main(): Promise<void> {
  const [url, apiKey, projectId, jobType, count] = process.argv.slice(2);
  if (!url || !apiKey || !projectId || !jobType || !count)
    throw new Error('usage: url key projectId jobType count');
  const project = { projectId, jobType: jobType as JobType, meanMs: 0 };
  const created = await createJobs(
    createApiClient({ baseUrl: url, apiKey }),
    Array.from({ length: Number(count) }, () => project),
    'open',
    { concurrency: 64 },
  );
  process.stdout.write(JSON.stringify(created.map((job) => job.target)));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
