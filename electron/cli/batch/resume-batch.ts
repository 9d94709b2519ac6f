// Going on with the batch a sheet already became (found by sheet-memo.ts): said, and resumed if it was
// paused. The core's batch runner sends what is left; nothing sent before is sent again.
import type { BatchView } from '../../shared/domain/batch';
import type { CliRun } from '../cli-run';
import type { CoreSession } from '../core-session';
import { localTime } from '../time-words';

export async function resumeBatch(
  run: CliRun,
  session: CoreSession,
  found: BatchView,
  ignored: readonly string[],
): Promise<BatchView> {
  const { out } = run;
  out.note(
    `Going on with batch “${found.name}” of ${localTime(found.createdAt)} (this sheet, ${found.rows} rows): rows already sent are not sent again.`,
  );
  if (ignored.length) out.note(`(${ignored.join(', ')} apply to a new batch only: add --new for one.)`);
  if (found.state !== 'paused') return found;
  out.note('It was paused: resuming it.');
  return session.call('batches:resume', { id: found.id });
}
