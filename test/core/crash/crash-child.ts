// Run as a child process by crash-safety.test.ts, which kills it with SIGKILL at a moment of its choosing:
// the real core on a data folder, an account on the given sandbox, and one job submitted.
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { crashCoreDeps } from './crash-core';

const [dataDir, baseUrl, apiKey, projectId] = process.argv.slice(2) as [string, string, string, string];

async function main(): Promise<void> {
  const core = await createAppCore(crashCoreDeps(dataDir));
  const added = await dispatch(core, 'accounts:add', { name: 'Crash test', baseUrl, apiKey });
  if (!added.ok) throw new Error(added.error.message);
  process.stdout.write('ready\n');
  const submitted = await dispatch(core, 'jobs:submit', {
    projectId,
    projectName: 'Crash test project',
    jobType: 'image',
    values: { headline: 'Survives a crash', photo: { image_url: 'https://example.com/a.png' } },
  });
  process.stdout.write(`submitted ${JSON.stringify(submitted)}\n`);
  // Stay alive, polling, until the test kills this process.
  setInterval(() => undefined, 1000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
