// The records of `jrs accounts`: a saved account (list, add, use), one removed, and where an account's
// uploaded files go (storage).
import { z } from 'zod';
import { accountViewSchema } from '../../shared/domain/account';
import { storageViewSchema } from '../../shared/domain/storage';
import { defineRecord } from './define-record';

export const accountRecordSchema = defineRecord(
  'account',
  'A saved account (its key never: only its last 4 characters); active marks the one commands work on.',
  { ...accountViewSchema.shape, active: z.boolean() },
);

export const removedRecordSchema = defineRecord(
  'removed',
  'An account removed with its key; historyDeleted: its jobs were deleted too (else they stay, read-only).',
  { id: z.string(), name: z.string(), historyDeleted: z.boolean() },
);

export const storageRecordSchema = defineRecord(
  'storage',
  'Where an account’s uploaded files go (its S3 secret never: only whether it is set and its last 4 characters).',
  { accountId: z.string(), name: z.string(), ...storageViewSchema.shape },
);
