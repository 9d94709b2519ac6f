// One builder per endpoint of the spec: checks the caller's input and describes the request (path,
// body, response schema, quirks). Builders throw a `bad-request` ApiError for bad input.
import {
  activeProjectsResponseSchema,
  createJobRequestSchema,
  createJobResponseSchema,
  creditsSchema,
  jobSchema,
  mappingFieldsResponseSchema,
  messageSchema,
  signedUrlSchema,
  triggerJobsRequestSchema,
  updateJobRequestSchema,
} from '../../shared/api/schemas';
import type { Job, MappingFields, Project } from '../../shared/api/schemas';
import { define } from './endpoint';
import type { Endpoint } from './endpoint';
import { invalidInputError } from './error-messages';
import { jobNotFoundQuirk, noJobFoundQuirk, pathRequiredQuirk } from './quirks';
import type { Redactor } from './redact';
import { sameJobCheck } from './same-job';
import { checkedJson, encodeValue, requireId, toJson } from './request-input';

/** The download link is fetched and may be opened: only http(s), never javascript: or file:. */
function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    // zod runs refinements even after its own url check failed; that issue is already reported.
    return true;
  }
}

const httpSignedUrlSchema = signedUrlSchema.refine(({ signedUrl }) => isHttpUrl(signedUrl), {
  message: 'signedUrl must be an http or https URL',
  path: ['signedUrl'],
});

export const credits = (): Endpoint<number> =>
  define({
    operation: 'getCredits',
    method: 'GET',
    path: '/auth/credits',
    schema: creditsSchema,
    pick: (parsed) => parsed.credits,
  });

export const activeProjects = (): Endpoint<Project[]> =>
  define({
    operation: 'listActiveProjects',
    method: 'GET',
    path: '/api/provider/projects/active',
    schema: activeProjectsResponseSchema,
    pick: (parsed) => parsed.data,
  });

export const mappingFields = (projectId: string): Endpoint<MappingFields> =>
  define({
    operation: 'getMappingFields',
    method: 'GET',
    path: `/api/provider/projects/${requireId('getMappingFields', projectId, 'project id')}/mapping-fields`,
    schema: mappingFieldsResponseSchema,
    pick: (parsed) => parsed.data,
  });

export const createJob = (body: unknown, redact: Redactor): Endpoint<Job> =>
  define({
    operation: 'createJob',
    method: 'POST',
    path: '/jobs/v2',
    body: checkedJson('createJob', createJobRequestSchema, body, 'the job', redact),
    schema: createJobResponseSchema,
    pick: (parsed) => parsed.job,
  });

export const getJob = (id: string): Endpoint<Job> =>
  define({
    operation: 'getJob',
    method: 'GET',
    path: `/jobs/${requireId('getJob', id, 'job id')}`,
    schema: jobSchema,
    pick: (parsed) => parsed,
    check: sameJobCheck(id),
    quirk: jobNotFoundQuirk('getJob'),
  });

export const updateJob = (id: string, body: unknown, redact: Redactor): Endpoint<Job> =>
  define({
    operation: 'updateJob',
    method: 'PUT',
    path: `/jobs/${requireId('updateJob', id, 'job id')}`,
    body: checkedJson('updateJob', updateJobRequestSchema, body, 'the update', redact),
    schema: jobSchema,
    pick: (parsed) => parsed,
    check: sameJobCheck(id),
    quirk: jobNotFoundQuirk('updateJob'),
  });

export const triggerJobs = (ids: readonly string[], redact: Redactor): Endpoint<string> =>
  define({
    operation: 'triggerJobs',
    method: 'POST',
    path: '/jobs/trigger-job',
    body: checkedJson('triggerJobs', triggerJobsRequestSchema, { ids }, 'the list of job ids', redact),
    schema: messageSchema,
    pick: (parsed) => parsed.message,
    quirk: noJobFoundQuirk,
  });

/** The spec accepts any body here; it only has to be JSON. */
export const legacyCreateJob = (body: unknown): Endpoint<string> =>
  define({
    operation: 'createJobLegacy',
    method: 'POST',
    path: '/jobs',
    body: toJson('createJobLegacy', body),
    schema: messageSchema,
    pick: (parsed) => parsed.message,
  });

export function signedUrl(path: string): Endpoint<string> {
  if (typeof path !== 'string') throw invalidInputError('getSignedUrl', 'the storage path is not text');
  // An empty path is sent as is: the service's own answer ("Path query parameter is required") says why.
  const query = path === '' ? '' : `?path=${encodeValue('getSignedUrl', path, 'storage path')}`;
  return define({
    operation: 'getSignedUrl',
    method: 'GET',
    path: `/storage/generate-signed-path${query}`,
    schema: httpSignedUrlSchema,
    pick: (parsed) => parsed.signedUrl,
    quirk: pathRequiredQuirk,
  });
}
