// The connect-account form's schema: the contract's `newAccountSchema`, plus, when no keychain is
// available, the session-only choice the person must make before the key can be kept at all.
import type { z } from 'zod';
import { newAccountSchema } from '../../../electron/shared/domain/account';

export const NO_KEYCHAIN_CHOICE =
  'No keychain is available to save the key. Tick “Keep the key for this session only” to continue.';

export function connectAccountSchema(keychainAvailable: boolean) {
  return newAccountSchema.superRefine((account, ctx) => {
    if (!keychainAvailable && !account.sessionOnly) {
      ctx.addIssue({ code: 'custom', path: ['sessionOnly'], message: NO_KEYCHAIN_CHOICE });
    }
  });
}

export type ConnectAccountInput = z.input<typeof newAccountSchema>;
export type ConnectAccountValues = z.output<typeof newAccountSchema>;
