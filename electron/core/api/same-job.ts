// Checks that a job record answered for GET or PUT /jobs/:id is the job asked for: a poller that took
// another job's record for its own would give the job that job's status and output.
import type { Job } from '../../shared/api/schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are compared exactly, except that UUIDs ignore letter case (a database may print them lower-case). */
export function isSameJobId(requested: string, answered: string): boolean {
  if (requested === answered) return true;
  return UUID.test(requested) && UUID.test(answered) && requested.toLowerCase() === answered.toLowerCase();
}

/**
 * An Endpoint `check` giving the problem for an invalid-response message. It quotes neither id: the
 * requested one is whatever the caller passed (even a pasted key), the answered one is server text.
 */
export function sameJobCheck(requested: string): (job: Job) => string | undefined {
  return (job) =>
    isSameJobId(requested, job.uuid)
      ? undefined
      : 'the record is of another job than the one asked for (its uuid differs), so it was not used';
}
