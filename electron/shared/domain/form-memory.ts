// What the app remembers of a project's job form, per account: the last values not yet sent (a draft, kept
// across project switches and restarts) and whether the person asked not to be warned about empty fields.
import { z } from 'zod';

/** Field values by mapping field id (not the form's own keys, so a draft survives a changed field list). */
export const draftSchema = z.object({
  values: z.record(z.string().max(200), z.string().max(100_000)),
  background: z
    .object({
      music: z.string().max(10_000),
      volume: z.number().finite(),
      start: z.number().finite(),
    })
    .optional(),
  /** When it was saved, ISO 8601. */
  savedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

export const formMemorySchema = z.object({
  draft: draftSchema.nullable(),
  /** "Don't ask again for this project" was ticked in the empty-fields confirmation. */
  skipEmptyCheck: z.boolean(),
});
export type FormMemory = z.infer<typeof formMemorySchema>;

export const EMPTY_FORM_MEMORY: FormMemory = { draft: null, skipEmptyCheck: false };
