// Downloads of the active account's finished jobs: start, pause, resume, cancel; the settings (folder,
// naming template with a preview, downloads at once, automatic download); and progress as events.
import { z } from 'zod';
import { downloadSettingsSchema, downloadViewSchema, downloadsChangedSchema } from '../../domain/download';
import { none } from './common';

const jobIds = z.object({ ids: z.array(z.string().min(1)).min(1).max(10_000) });
/** One downloaded job's file: the page names the job, never a path (core looks the path up and checks it). */
const oneJob = z.object({ id: z.string().min(1).max(200) });

export const downloadChannels = {
  'downloads:list': { params: none, result: z.array(downloadViewSchema) },
  'downloads:start': {
    /**
     * elsewhere 'save': a file saved in another folder than the one chosen now is saved again there (the
     * person asked for it in the chosen folder); without it, such a file counts as saved.
     */
    params: jobIds.extend({ elsewhere: z.literal('save').optional() }),
    /** skipped: no file to download (not finished, or failed); saved: already downloaded. */
    result: z.object({
      queued: z.array(z.string()),
      skipped: z.array(z.string()),
      saved: z.array(z.string()),
    }),
  },
  'downloads:pause': { params: jobIds, result: z.undefined() },
  'downloads:resume': { params: jobIds, result: z.undefined() },
  'downloads:cancel': { params: jobIds, result: z.undefined() },
  'downloads:settings': { params: none, result: downloadSettingsSchema },
  'downloads:saveSettings': { params: downloadSettingsSchema, result: downloadSettingsSchema },
  /** The native folder picker, opened on the current folder; null when the person cancelled. */
  'downloads:chooseFolder': { params: none, result: z.object({ folder: z.string().nullable() }) },
  'downloads:open': { params: oneJob, result: z.undefined() },
  'downloads:showInFolder': { params: oneJob, result: z.undefined() },
  /** Sent on dragstart: main starts the system drag of the file. */
  'downloads:startDrag': { params: oneJob, result: z.undefined() },
  /** Where the page may load the file from for its preview (null: no preview here). */
  'downloads:previewUrl': { params: oneJob, result: z.object({ url: z.string().nullable() }) },
  /** Where a job's file would go with this template (the latest finished job, or a sample one). */
  'downloads:preview': {
    params: z.object({ template: z.string().max(1000) }),
    result: z.object({ path: z.string().nullable(), problem: z.string().nullable() }),
  },
} as const;

export const downloadEvents = {
  'downloads:changed': downloadsChangedSchema,
} as const;
