// The records of the long-running commands: the sandbox's address and demo keys, and where `jrs serve`
// signs a browser in.
import { z } from 'zod';
import { defineRecord } from './define-record';

export const sandboxRecordSchema = defineRecord(
  'sandbox',
  'The sandbox running in the foreground: its address and the API keys of its demo accounts.',
  { url: z.string(), apiKeys: z.array(z.string()) },
);

export const serveRecordSchema = defineRecord(
  'serve',
  'The app served to a browser on this computer: a sign-in link that works once (url), or the owner-only file the browser was opened on (signInFile) with the host’s address.',
  { url: z.string(), signInFile: z.string().optional() },
);
