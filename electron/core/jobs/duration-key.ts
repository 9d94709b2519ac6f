// One string per duration key (project and job type), for the maps of what each kind of job takes.
import type { DurationKey } from './poll-types';

export function durationKeyId(key: DurationKey): string {
  // NUL cannot occur in a project id or job type the service hands out, so the pair cannot collide.
  return `${key.projectId}\u0000${key.jobType}`;
}
