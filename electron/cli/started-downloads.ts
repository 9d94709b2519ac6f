// Files the account's settings save at once as jobs succeed (the app's automatic download): a command that
// waited for its jobs also waits for those, so that it never ends with them half written. (A guest of the
// history leaves them to its owner, which outlives it, and only counts those already saved.)
import type { CliRun } from './cli-run';
import type { CoreSession } from './core-session';
import { saveFiles, type FileOutcome } from './save-files';

export async function waitForStartedDownloads(
  run: CliRun,
  session: CoreSession,
  jobIds: readonly string[],
): Promise<FileOutcome[]> {
  const wanted = new Set(jobIds);
  return saveFiles(run, session, async () => {
    const mine = (await session.call('downloads:list')).filter((view) => wanted.has(view.jobId));
    const running = mine.filter((view) => view.state === 'queued' || view.state === 'active');
    return {
      queued: session.isOwner ? running.map((view) => view.jobId) : [],
      skipped: [],
      saved: mine.filter((view) => view.state === 'done').map((view) => view.jobId),
    };
  });
}
