// Downloads of the active account's finished jobs: start, pause, resume, cancel; the settings (folder,
// naming template with a preview, downloads at once, automatic download); and progress as events.
import { z } from 'zod';
import { downloadSettingsSchema, downloadViewSchema, downloadsChangedSchema } from '../../domain/download';
import { none } from './common';

const jobIds = z.object({ ids: z.array(z.string().min(1)).min(1).max(10_000) });

export const downloadChannels = {
  'downloads:list': { params: none, result: z.array(downloadViewSchema) },
  'downloads:start': {
    params: jobIds,
    result: z.object({ queued: z.array(z.string()), skipped: z.array(z.string()) }),
  },
  'downloads:pause': { params: jobIds, result: z.undefined() },
  'downloads:resume': { params: jobIds, result: z.undefined() },
  'downloads:cancel': { params: jobIds, result: z.undefined() },
  'downloads:settings': { params: none, result: downloadSettingsSchema },
  'downloads:saveSettings': { params: downloadSettingsSchema, result: downloadSettingsSchema },
  /** Where a job's file would go with this template (the latest finished job, or a sample one). */
  'downloads:preview': {
    params: z.object({ template: z.string().max(1000) }),
    result: z.object({ path: z.string().nullable(), problem: z.string().nullable() }),
  },
} as const;

export const downloadEvents = {
  'downloads:changed': downloadsChangedSchema,
} as const;
