// The credit report's contract (issue 19, "credits spent by person and by batch for a chosen period"):
// the same jobs written into each store answer the same report, to the credit and in the same order.
import { expect, it } from 'vitest';
import type { NewSubmission } from '../../../electron/core/jobs/job';
import { batch, jobIn, succeeded } from './fixtures';
import type { Current } from './opened-stores';

const DAY = 86_400_000;
/** The period asked for: 1 to 8 November 2026, UTC. */
const FROM = Date.parse('2026-11-01T00:00:00.000Z');
const TO = FROM + 7 * DAY;

export function creditReportContract(current: Current): void {
  const stores = () => current().stores;
  /** A job that ended at `finishedAt`, charged `credits`. */
  const charged = async (
    id: string,
    finishedAt: string,
    credits: number | null,
    over: Partial<NewSubmission> = {},
  ) => jobIn(stores(), 'final', id, over, succeeded(`u-${id}`, { finishedAt, creditUsed: credits }));

  it('sums the credits of the jobs that finished in [from, to), by person and by batch, most first', async () => {
    await stores().batches.create(batch('b-1', 2, { name: 'Spring sheet' }));
    // The batch's rows, submitted by Grace (the fixture's name), end inside the period.
    for (const [row, credits] of [
      [0, 4.25],
      [1, 1.5],
    ] as const) {
      await stores().jobs.applyRecord(
        `b-1-r${row}`,
        succeeded(`u-b-1-r${row}`, { finishedAt: '2026-11-03T10:00:00.000Z', creditUsed: credits }),
        FROM,
      );
    }
    // Exactly at the start counts; exactly at the end does not (the next period's).
    await charged('at-start', '2026-11-01T00:00:00.000Z', 2, { submittedBy: 'Ada' });
    await charged('at-end', '2026-11-08T00:00:00.000Z', 100, { submittedBy: 'Ada' });
    // A zone other than UTC: 01:30 on the 8th in Paris is 00:30 UTC, after the end.
    await charged('paris-late', '2026-11-08T01:30:00+01:00', 100, { submittedBy: 'Ada' });
    // 23:30 on 31 October in New York is 03:30 UTC on 1 November: inside.
    await charged('new-york', '2026-10-31T23:30:00-04:00', 1, { submittedBy: 'Ada' });
    // Recorded before names were kept.
    await charged('old', '2026-11-02T12:00:00.000Z', 3.75, { submittedBy: null });
    // A name from someone else, a formula as far as a spreadsheet goes: it is only a name here.
    await charged('eve', '2026-11-05T12:00:00.000Z', 3, { submittedBy: '=HYPERLINK("x")' });
    // Not counted: no charge (failed), another account, outside the period.
    await charged('failed', '2026-11-04T12:00:00.000Z', null, { submittedBy: 'Ada' });
    await charged('other-account', '2026-11-04T12:00:00.000Z', 50, { accountId: 'acc-2' });
    await charged('before', '2026-10-31T23:59:59.999Z', 50, { submittedBy: 'Ada' });

    expect(await stores().creditReport.creditReport('acc-1', FROM, TO)).toEqual({
      byPerson: [
        { person: 'Grace on desk-2', jobs: 2, credits: 5.75 },
        { person: null, jobs: 1, credits: 3.75 },
        // Equal sums in byte order of the names ("=" is 0x3d, before "A").
        { person: '=HYPERLINK("x")', jobs: 1, credits: 3 },
        { person: 'Ada', jobs: 2, credits: 3 },
      ],
      byBatch: [
        { batchId: null, name: 'Single jobs', jobs: 4, credits: 9.75 },
        { batchId: 'b-1', name: 'Spring sheet', jobs: 2, credits: 5.75 },
      ],
    });
  });

  it('orders equal sums by name in byte order (capitals before small letters, accents after), then by batch id', async () => {
    const at = '2026-11-02T00:00:00.000Z';
    for (const name of ['zoë', 'Zoe', 'ada', 'Ada', 'Émile']) {
      await charged(`by-${name}`, at, 1, { submittedBy: name });
    }
    await stores().batches.create(batch('b-2', 1, { name: 'Same name' }));
    await stores().batches.create(batch('b-1', 1, { name: 'Same name' }));
    for (const id of ['b-1', 'b-2']) {
      await stores().jobs.applyRecord(
        `${id}-r0`,
        succeeded(`u-${id}`, { finishedAt: at, creditUsed: 1 }),
        FROM,
      );
    }
    const report = await stores().creditReport.creditReport('acc-1', FROM, TO);
    expect(report.byPerson.map((line) => line.person)).toEqual([
      'Grace on desk-2',
      'Ada',
      'Zoe',
      'ada',
      'zoë',
      'Émile',
    ]);
    expect(report.byPerson[0]).toEqual({ person: 'Grace on desk-2', jobs: 2, credits: 2 });
    expect(report.byBatch).toEqual([
      { batchId: null, name: 'Single jobs', jobs: 5, credits: 5 },
      { batchId: 'b-1', name: 'Same name', jobs: 1, credits: 1 },
      { batchId: 'b-2', name: 'Same name', jobs: 1, credits: 1 },
    ]);
  });

  it('answers an empty report for a period without charged jobs, and for an account without jobs', async () => {
    await charged('later', '2026-12-02T00:00:00.000Z', 9);
    expect(await stores().creditReport.creditReport('acc-1', FROM, TO)).toEqual({
      byPerson: [],
      byBatch: [],
    });
    expect(await stores().creditReport.creditReport('nobody', FROM, TO)).toEqual({
      byPerson: [],
      byBatch: [],
    });
  });
}
