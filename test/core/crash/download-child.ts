// Run as a child process by download-crash.test.ts, which kills it with SIGKILL mid-download: the real
// core on a data folder, an account on the given sandbox (downloads automatic, as for every new account),
// and one job submitted, whose file then downloads until the process is killed.
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { crashCoreDeps } from './crash-core';

const [dataDir, baseUrl, apiKey, projectId] = process.argv.slice(2) as [string, string, string, string];

async function main(): Promise<void> {
  const core = await createAppCore(crashCoreDeps(dataDir));
  const added = await dispatch(core, 'accounts:add', { name: 'Crash test', baseUrl, apiKey });
  if (!added.ok) throw new Error(added.error.message);
  const submitted = await dispatch(core, 'jobs:submit', {
    projectId,
    projectName: 'Crash test project',
    jobType: 'ai_talking_video',
    values: { headline: 'Downloaded across a crash', photo: { image_url: 'https://example.com/a.png' } },
  });
  if (!submitted.ok) throw new Error(submitted.error.message);
  // Stay alive, polling and downloading, until the test kills this process.
  setInterval(() => undefined, 1000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
