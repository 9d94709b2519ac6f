// zod schemas of the service's bodies, shared by the API client (to parse responses) and the sandbox
// (to validate requests). Response schemas are lenient about extra fields, strict about the ones we use.
import { z } from 'zod';
import { JOB_STATUSES, JOB_TYPES } from './job-types';

export const creditsSchema = z.object({ credits: z.number().finite() });
export type Credits = z.infer<typeof creditsSchema>;

/**
 * RFC 3339 (ISO 8601 with seconds and a zone: Z or ±hh:mm; any fractional seconds). Date.parse alone took
 * "1" as 2001-01-01 and read a zone-less time in the person's own zone, shifting it by their UTC offset.
 */
const isoDate = z.iso.datetime({
  offset: true,
  error: 'must be an ISO 8601 timestamp with a time zone (Z or ±hh:mm)',
});

export const projectSchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string(),
  projectType: z.string(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
});
export type Project = z.infer<typeof projectSchema>;

export const activeProjectsResponseSchema = z.object({
  message: z.string(),
  data: z.array(projectSchema),
});

export const mappingFieldSchema = z.looseObject({
  label: z.string(),
  instructionType: z.string().optional(),
});
export type MappingField = z.infer<typeof mappingFieldSchema>;

export const mappingFieldsSchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string(),
  projectType: z.string(),
  fields: z.record(z.string(), mappingFieldSchema),
  fetchedAt: isoDate,
});
export type MappingFields = z.infer<typeof mappingFieldsSchema>;

export const mappingFieldsResponseSchema = z.object({ message: z.string(), data: mappingFieldsSchema });

/** An asset entry of `values`: an image or an audio clip (effects' shape is not shown in the spec). */
export const imageValueSchema = z.object({ image_url: z.string().min(1) });
export const audioValueSchema = z.object({ audio_url: z.string().min(1), effects: z.array(z.unknown()) });
export const jobValueSchema = z.union([z.string(), imageValueSchema, audioValueSchema]);
export type JobValue = z.infer<typeof jobValueSchema>;
export const jobValuesSchema = z.record(z.string(), jobValueSchema);
export type JobValues = z.infer<typeof jobValuesSchema>;

/** The body of POST /jobs/v2. Extra fields are allowed: the spec stores them in `input` for the worker. */
export const createJobRequestSchema = z.looseObject({
  job_type: z.enum(JOB_TYPES, { error: `job_type must be one of ${JOB_TYPES.join(', ')}` }),
  template_id: z.string().min(1).optional(),
  project_id: z.string().min(1).optional(),
  values: jobValuesSchema.optional(),
  version: z.number().finite().optional(),
  session_id: z.string().optional(),
  background_music: z.string().nullable().optional(),
  background_volume: z
    .number({ error: 'background_volume must be a number from 0 to 1' })
    .min(0, 'background_volume must be from 0 to 1')
    .max(1, 'background_volume must be from 0 to 1')
    .optional(),
  background_start: z
    .number({ error: 'background_start must be a number of seconds, 0 or more' })
    .finite()
    .min(0, 'background_start must be 0 or more seconds')
    .optional(),
});
export type CreateJobRequest = z.input<typeof createJobRequestSchema>;

/**
 * A finite number as plain decimal text: String() writes 5e-324 and 1e21 in exponent notation, which the
 * decimal-text rule below refuses, so a record the client has already parsed would not parse again.
 */
export function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([-+]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', lead = '', rest = '', exponent = '0'] = match;
  const digits = lead + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * `credit_used` is decimal text on the wire (any other text would be NaN in a sum); a finite number is
 * accepted and kept as plain decimal text.
 */
const CREDIT_TEXT_PROBLEM = 'must be a decimal number as text';
const creditText = z.union(
  [z.string().regex(/^-?\d+(\.\d+)?$/, CREDIT_TEXT_PROBLEM), z.number().finite().transform(plainDecimal)],
  {
    error: CREDIT_TEXT_PROBLEM,
  },
);

export const jobOutputSchema = z.looseObject({
  output: z.string().optional(),
  credit_used: z.number().finite().optional(),
});

export const jobSchema = z.looseObject({
  uuid: z.string().min(1),
  user_id: z.string(),
  template_id: z.string(),
  input: z.record(z.string(), z.unknown()),
  values: z.record(z.string(), z.unknown()).nullable().optional(),
  output: jobOutputSchema.nullable().optional(),
  job_status: z.string().min(1),
  job_type: z.string(),
  credit_used: creditText,
  created_at: isoDate.optional(),
  updated_at: isoDate.optional(),
});
export type Job = z.infer<typeof jobSchema>;

export const createJobResponseSchema = z.object({ message: z.string(), job: jobSchema });

/** The body of PUT /jobs/:id. */
export const updateJobRequestSchema = z.looseObject({
  job_status: z
    .enum(JOB_STATUSES, { error: `job_status must be one of ${JOB_STATUSES.join(', ')}` })
    .optional(),
  output: z
    .looseObject({
      credit_used: z
        .number({ error: 'output.credit_used must be a number' })
        .finite()
        .min(0, 'output.credit_used must be 0 or more')
        // No job costs a million credits; a bigger charge is a mistake, and two of 1e308 made the
        // sandbox's balance -Infinity (JSON null).
        .max(1_000_000, 'output.credit_used must be at most 1000000')
        .optional(),
    })
    .optional(),
});
export type UpdateJobRequest = z.input<typeof updateJobRequestSchema>;

export const MAX_TRIGGER_IDS = 1000;
export const triggerJobsRequestSchema = z.object({
  ids: z
    .array(z.string().min(1, 'ids must be non-empty strings'), { error: 'ids must be an array of job ids' })
    .min(1, 'ids must name at least one job')
    .max(MAX_TRIGGER_IDS, `ids may name at most ${MAX_TRIGGER_IDS} jobs`),
});

export const messageSchema = z.looseObject({ message: z.string() });
export const errorBodySchema = z.looseObject({ error: z.string() });
/** Only http(s): a signed link that says javascript: or file: is a hostile answer, not a download. */
export const signedUrlSchema = z.object({ signedUrl: z.url({ protocol: /^https?$/ }) });

/** The exact texts of the spec's quirky bodies. */
export const MESSAGES = {
  success: 'Success',
  jobAccepted: 'Job update accepted and processing.',
  jobNotFound: 'Job not found',
  jobTriggered: 'Job triggered',
  noJobFound: 'No job found',
  pathRequired: 'Path query parameter is required',
} as const;
