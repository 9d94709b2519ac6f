// The desktop app's updates: the status, the person's on/off switch, a look now, and the restart that installs
// a downloaded update (only ever on the person's word). The browser host answers with source `not-here`.
import { z } from 'zod';
import { updateStatusSchema } from '../../domain/updates';

export const updateChannels = {
  'updates:status': { params: z.undefined(), result: updateStatusSchema },
  'updates:setEnabled': { params: z.object({ enabled: z.boolean() }), result: updateStatusSchema },
  'updates:checkNow': { params: z.undefined(), result: updateStatusSchema },
  /** Quits and installs the downloaded update; refused in words when none is ready. */
  'updates:restart': { params: z.undefined(), result: z.undefined() },
} as const;

export const updateEvents = {
  'updates:changed': updateStatusSchema,
} as const;
