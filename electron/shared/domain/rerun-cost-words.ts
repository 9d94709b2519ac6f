// What running jobs again will cost, in the words the app's confirmation and `jrs requeue` both say:
// "About 36 credits; your balance is 120 credits." (or that the cost is not known, and why).
import { counted } from './plural';
import type { RerunCost } from './rerun-cost';

const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

export function creditWords(n: number): string {
  return `${NUMBER.format(n)} ${n === 1 ? 'credit' : 'credits'}`;
}

export interface RerunCostWords {
  /** The cost against the balance, in one or two sentences. */
  sentence: string;
  /** A warning when the known cost is more than the balance; null otherwise. */
  warning: string | null;
}

export function rerunCostWords(cost: RerunCost, balance: number | null, verb = 'requeued'): RerunCostWords {
  const { jobs, unknown, credits, skipped } = cost;
  const parts: string[] = [];
  if (jobs === 0) {
    parts.push(
      `None of them can be ${verb}: not yet created on the service, of unknown outcome, or of a removed account.`,
    );
    return { sentence: parts.join(' '), warning: null };
  }
  const them = jobs === 1 ? 'it' : 'they';
  let estimate: string;
  if (unknown === 0) estimate = `About ${creditWords(credits)}`;
  else if (unknown === jobs)
    estimate = `What ${them} will cost is not known yet (no successful job of ${jobs === 1 ? 'its' : 'their'} project in the history)`;
  else {
    const others = unknown === 1 ? 'the other one' : `the other ${unknown}`;
    estimate = `About ${creditWords(credits)} for ${counted(jobs - unknown, 'job', 'jobs')}; what ${others} will cost is not known yet`;
  }
  parts.push(
    `${estimate}; ${balance === null ? 'your balance could not be read' : `your balance is ${creditWords(balance)}`}.`,
  );
  if (skipped > 0) {
    parts.push(
      `${counted(skipped, 'job', 'jobs')} of those chosen cannot be ${verb} (not yet created on the service, of unknown outcome, or of a removed account) and ${skipped === 1 ? 'is' : 'are'} left as ${skipped === 1 ? 'it is' : 'they are'}.`,
    );
  }
  const warning =
    balance !== null && unknown < jobs && credits > balance
      ? `Your balance may not cover this: add credits to the account first, or the service may refuse the jobs it cannot charge.`
      : null;
  return { sentence: parts.join(' '), warning };
}
