// The service's workflow types and job states, as listed in the spec.

export const JOB_TYPES = [
  'ai_talking_video',
  'video',
  'tts',
  'image',
  'photo_qc',
  'pdf',
  'ai_image_generation',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const JOB_STATUSES = ['QUEUED', 'STARTED', 'IN_PROGRESS', 'FAILED', 'SUCCESS'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The states a poller waits for. */
export const FINAL_STATUSES: readonly JobStatus[] = ['SUCCESS', 'FAILED'];

/** Job types whose v2 body may carry the top-level background_* fields. */
export const VIDEO_JOB_TYPES: readonly JobType[] = ['ai_talking_video', 'video'];

export function isJobType(value: unknown): value is JobType {
  return typeof value === 'string' && (JOB_TYPES as readonly string[]).includes(value);
}

export function isFinalStatus(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}
