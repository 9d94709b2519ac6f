// What the operating system's shell does for the app: opening a checked link in the browser.
import { z } from 'zod';

export const shellChannels = {
  'shell:openExternal': { params: z.object({ url: z.string().url() }), result: z.undefined() },
} as const;
