// When the balance is low enough to warn: under a fixed floor, or under three jobs' worth at this account's
// average cost per job (once finished jobs have shown what a job costs).
export const LOW_BALANCE_FLOOR = 10;
export const JOBS_OF_MARGIN = 3;

export interface BalanceWarning {
  /** Roughly how many average jobs the balance still pays for, when the average is known. */
  jobsLeft: number | null;
  text: string;
}

export function balanceWarning(credits: number, averageCost: number | null): BalanceWarning | null {
  const known = averageCost !== null && averageCost > 0;
  const low = credits < LOW_BALANCE_FLOOR || (known && credits < JOBS_OF_MARGIN * averageCost);
  if (!low) return null;
  if (!known) {
    return {
      jobsLeft: null,
      text: `Low balance: under ${LOW_BALANCE_FLOOR} credits left. Top up in the web app.`,
    };
  }
  const jobsLeft = Math.floor(credits / averageCost);
  const cost = Math.round(averageCost * 10) / 10;
  const left =
    jobsLeft === 0
      ? 'not enough for another job'
      : `enough for about ${jobsLeft} more ${jobsLeft === 1 ? 'job' : 'jobs'}`;
  return {
    jobsLeft,
    text: `Low balance: ${left} at ${cost} credits a job. Top up in the web app.`,
  };
}
