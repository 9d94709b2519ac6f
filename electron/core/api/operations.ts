// The client's operations: their names (carried by every ApiError and log line), whether they write,
// and the phrase error messages use to say what was being done.

export const API_OPERATIONS = [
  'getCredits',
  'listActiveProjects',
  'getMappingFields',
  'createJob',
  'getJob',
  'updateJob',
  'triggerJobs',
  'createJobLegacy',
  'getSignedUrl',
  'uploadSandboxAsset',
] as const;
export type ApiOperation = (typeof API_OPERATIONS)[number];

/** Writes are retried only when the request provably never reached the service. */
const WRITES: ReadonlySet<ApiOperation> = new Set([
  'createJob',
  'updateJob',
  'triggerJobs',
  'createJobLegacy',
  'uploadSandboxAsset',
]);

export function isWrite(operation: ApiOperation): boolean {
  return WRITES.has(operation);
}

/** Completes "… while <doing>." in error messages. */
export const OPERATION_PHRASES: Readonly<Record<ApiOperation, string>> = {
  getCredits: 'reading the credit balance',
  listActiveProjects: 'listing the active projects',
  getMappingFields: "reading the project's fields",
  createJob: 'creating the job',
  getJob: 'reading the job',
  updateJob: 'updating the job',
  triggerJobs: 'requeuing the jobs',
  createJobLegacy: 'calling the legacy job endpoint',
  getSignedUrl: 'getting a download link',
  uploadSandboxAsset: 'uploading the file',
};

/** What a write that may have gone through could have done, for "check … before trying again". */
export const WRITE_EFFECTS: Readonly<Partial<Record<ApiOperation, string>>> = {
  createJob: 'The job may have been created: check the job list before submitting it again.',
  updateJob: 'The job may have been updated: read it again before retrying.',
  triggerJobs: 'The jobs may have been requeued: check their status before triggering them again.',
  createJobLegacy: 'The legacy endpoint creates no job, so it is safe to try again.',
  uploadSandboxAsset: 'The file may have been stored: uploading it again only stores a second copy.',
};
