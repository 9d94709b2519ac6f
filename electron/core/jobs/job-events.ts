// What the job lifecycle says happened, for whoever cares: the change feed (the Queue), notifications,
// the balance, downloads. A team's store will say the same for changes made on other computers.
import type { EventBus } from '../kernel/events';
import type { Job } from './job';

/** Which job, of which account: enough to find it again (or to say it is gone). */
export type JobRef = Pick<Job, 'id' | 'accountId'>;

// A type, not an interface: a misspelt event name is refused (an interface would need an index signature).
export type JobEvents = {
  /** Any change of a job in the history (written, or removed). */
  'job:changed': JobRef;
  /** A followed job reached SUCCESS or FAILED (seen by polling; not a create that answered final at once). */
  'job:finished': Job;
};

export type JobEventBus = EventBus<JobEvents>;
