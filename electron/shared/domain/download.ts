// Downloads of finished jobs' files: an account's download settings, and what the renderer may know of
// each download (its state, progress and where the file is).
import { z } from 'zod';

/** The parts a naming template may use, with what each becomes (core fills them; Settings shows this). */
export const TEMPLATE_PARTS: Record<string, string> = {
  project: 'the project’s name',
  projectId: 'the project’s id',
  type: 'the job’s type, e.g. video',
  jobId: 'the job’s id on the service',
  shortId: 'the first 8 characters of the job’s id, e.g. 0f8fad5b',
  name: 'its row’s Name cell, else its first text value, cut to 48 characters',
  date: 'the day it finished, e.g. 2026-11-22',
  time: 'the time it finished, e.g. 14-05-09',
  status: 'its status, e.g. SUCCESS',
  batch: 'its batch’s name, or nothing',
  row: 'its row in the batch (1 for the first), or nothing',
  'row.index': 'the same: its row in the batch',
  'row.<column>': 'a cell of its row in the batch’s spreadsheet, e.g. {row.name}',
  ext: 'the file’s extension, e.g. mp4',
  'values.<field id>': 'one of the job’s text values, e.g. {values.headline}',
};

export const DOWNLOAD_STATES = ['queued', 'active', 'paused', 'done', 'failed'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

export const downloadSettingsSchema = z.object({
  /** The folder files go to (the OS Downloads folder by default). */
  folder: z.string().min(1).max(4096),
  /** The naming template, e.g. {project}/{date}/{jobId}.{ext}. */
  template: z.string().min(1).max(1000),
  /** Downloads at once. */
  concurrency: z.number().int().min(1).max(8),
  /** Download each job's file as soon as it succeeds. */
  auto: z.boolean(),
});
export type DownloadSettings = z.infer<typeof downloadSettingsSchema>;

export const downloadViewSchema = z.object({
  jobId: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  /** Where the file is once done; where it is going before. */
  path: z.string(),
  bytes: z.number().int().min(0),
  total: z.number().int().min(0).nullable(),
  /** Bytes per second lately, while active. */
  speed: z.number().min(0).nullable(),
  /** Why it failed, in words, with what to do. */
  error: z.string().nullable(),
});
export type DownloadView = z.infer<typeof downloadViewSchema>;

export const downloadsChangedSchema = z.object({
  accountId: z.string(),
  downloads: z.array(downloadViewSchema),
  /** Jobs whose download was cancelled: no longer listed. */
  removed: z.array(z.string()),
});
export type DownloadsChanged = z.infer<typeof downloadsChangedSchema>;
