// Accounts and their credit balance: the list, adding one (key checked first), the sandbox, removal.
import { z } from 'zod';
import { accountsSnapshotSchema, newAccountSchema } from '../../domain/account';
import { byId, none } from './common';

export const accountChannels = {
  'accounts:snapshot': { params: none, result: accountsSnapshotSchema },
  'accounts:add': { params: newAccountSchema, result: accountsSnapshotSchema },
  'accounts:useSandbox': { params: none, result: accountsSnapshotSchema },
  'accounts:activate': { params: byId, result: accountsSnapshotSchema },
  /** Removes the account and its key; its job history stays (read-only) unless deleteHistory. */
  'accounts:remove': {
    params: byId.extend({ deleteHistory: z.boolean().optional() }),
    result: accountsSnapshotSchema,
  },
  'credits:get': { params: none, result: z.object({ credits: z.number() }) },
} as const;

export const accountEvents = {
  'accounts:changed': accountsSnapshotSchema,
  'credits:changed': z.object({ accountId: z.string(), credits: z.number() }),
} as const;
