// Run as a child process by batch-crash.test.ts, which kills it with SIGKILL at random points: the real
// core on a data folder; the first run adds the account and creates one batch of N rows, every later run
// only opens the core, which goes on with the running batch by itself.
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { crashCoreDeps } from './crash-core';

const [dataDir, baseUrl, apiKey, projectId, rowCount] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];

async function main(): Promise<void> {
  const core = await createAppCore({ ...crashCoreDeps(dataDir), flushMs: 10 });
  const snapshot = await dispatch(core, 'accounts:snapshot', undefined);
  if (!snapshot.ok) throw new Error(snapshot.error.message);
  if (snapshot.value.accounts.length === 0) {
    const added = await dispatch(core, 'accounts:add', { name: 'Batch crash', baseUrl, apiKey });
    if (!added.ok) throw new Error(added.error.message);
    const created = await dispatch(core, 'batches:create', {
      projectId,
      projectName: 'Crash batch',
      name: 'Crash batch',
      nameTemplate: null,
      sheet: null,
      jobs: Array.from({ length: Number(rowCount) }, (_, row) => ({
        row,
        request: {
          projectId,
          projectName: 'Crash batch',
          jobType: 'image',
          values: { headline: `Row ${row}`, photo: { image_url: 'https://example.com/a.png' } },
        },
      })),
    });
    if (!created.ok) throw new Error(created.error.message);
  }
  process.stdout.write('ready\n');
  // Stay alive, sending and polling, until the test kills this process.
  setInterval(() => undefined, 1000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
