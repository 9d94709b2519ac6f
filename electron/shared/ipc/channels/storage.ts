// Asset storage of the active account (or of the one named: the command line's `jrs accounts storage`): its
// settings (the S3 secret goes in, never out: only whether it is set and its last 4 characters), and a Test
// connection that writes, reads back and deletes an object.
import {
  connectionTestSchema,
  saveStorageSchema,
  storageOfSchema,
  storageViewSchema,
} from '../../domain/storage';

export const storageChannels = {
  'storage:settings': { params: storageOfSchema, result: storageViewSchema },
  'storage:save': { params: saveStorageSchema, result: storageViewSchema },
  /** Tests the settings given (saved or not), with the secret given or the one kept. */
  'storage:test': { params: saveStorageSchema, result: connectionTestSchema },
} as const;
