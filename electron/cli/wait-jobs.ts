// Waiting until jobs are settled (finished, lost, refused or with an unknown outcome), on the core's
// change events, saying each change of status on stderr.
import type { JobView } from '../shared/domain/job';
import type { CliRun } from './cli-run';
import type { CoreSession } from './core-session';
import { isSettled, shortId, statusWord } from './job-words';
import { JobWatch } from './job-watch';

export async function waitForJobs(
  run: CliRun,
  session: CoreSession,
  ids: readonly string[],
): Promise<JobView[]> {
  const watch = await JobWatch.start(session);
  const said = new Map<string, string>();
  try {
    for (;;) {
      const jobs = ids.flatMap((id) => watch.get(id) ?? []);
      for (const job of jobs) {
        const word = statusWord(job);
        if (said.get(job.id) !== word) run.out.note(`${shortId(job)}  ${word}`);
        said.set(job.id, word);
      }
      // A job removed from the history meanwhile is not waited for.
      if (jobs.every(isSettled)) return jobs;
      await watch.changed(run.signal);
    }
  } finally {
    watch.stop();
  }
}
