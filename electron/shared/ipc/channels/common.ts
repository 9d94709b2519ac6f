// Params shared by several domains' channels.
import { z } from 'zod';

export const none = z.undefined();
export const byId = z.object({ id: z.string().min(1) });
