// The job form's memory for the active account: a project's draft and its "don't ask again" choice.
import { z } from 'zod';
import { draftSchema, formMemorySchema } from '../../domain/form-memory';

const projectId = z.string().min(1).max(200);

export const formChannels = {
  'forms:get': { params: z.object({ projectId }), result: formMemorySchema },
  /** Saves the draft, or forgets it (null). */
  'forms:saveDraft': {
    params: z.object({ projectId, draft: draftSchema.nullable() }),
    result: z.undefined(),
  },
  'forms:setSkipEmptyCheck': {
    params: z.object({ projectId, skip: z.boolean() }),
    result: z.undefined(),
  },
} as const;
