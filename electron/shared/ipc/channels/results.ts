// The gallery of results: a small picture of a job's downloaded output. The page names the job, never a
// path: core takes the file from its own download records and checks it is still inside their folder.
import { z } from 'zod';
import { THUMBNAIL_SIZES, thumbnailSchema } from '../../domain/result';

export const resultChannels = {
  'results:thumbnail': {
    params: z.object({
      jobId: z.string().min(1).max(200),
      size: z.literal(THUMBNAIL_SIZES),
    }),
    result: thumbnailSchema,
  },
} as const;
