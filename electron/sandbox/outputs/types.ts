// What a generator gets (a finished job) and gives back (the bytes the sandbox stores as its output).
import type { JobType } from '../../shared/api/job-types';

export interface OutputRequest {
  jobId: string;
  jobType: JobType;
  /** May be ''. */
  projectName: string;
  /** The job's submitted values: strings, {image_url} or {audio_url, effects}; never trusted. */
  values: Record<string, unknown>;
  /** A photo the job named on this computer, fetched by the worker: image outputs show it. */
  photo?: Buffer | null;
}

export interface RenderedOutput {
  bytes: Buffer;
  /** Without the dot, e.g. 'mp4'. */
  extension: string;
  contentType: string;
}
