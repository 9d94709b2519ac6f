// Human names of the service's workflow types, for lists, filters and badges.
import { JOB_TYPES, type JobType } from '../../electron/shared/api/job-types';

const LABELS: Record<JobType, string> = {
  ai_talking_video: 'Talking video',
  video: 'Video',
  tts: 'Text to speech',
  image: 'Image',
  photo_qc: 'Photo check',
  pdf: 'PDF',
  ai_image_generation: 'AI image',
};

/** The label of a workflow type; an unknown type is shown as readable words rather than hidden. */
export function jobTypeLabel(type: string): string {
  if ((JOB_TYPES as readonly string[]).includes(type)) return LABELS[type as JobType];
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown type';
}
