// Where a finished job's output lives in storage, shaped like the spec's example key.
import type { JobType } from '../shared/api/job-types';

const PREFIX: Record<JobType, string> = {
  ai_talking_video: 'ai-talking-videos',
  video: 'videos',
  tts: 'tts-audio',
  image: 'images',
  photo_qc: 'photo-qc',
  pdf: 'pdfs',
  ai_image_generation: 'ai-images',
};

export function outputKey(jobType: JobType, sourceId: string, jobId: string, extension: string): string {
  return `${PREFIX[jobType]}/${sourceId}/outputs/${jobId}.${extension}`;
}
