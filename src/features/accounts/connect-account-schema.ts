// The connect-account form's schema: the contract's `newAccountSchema`, plus, when no keychain is
// available, the person's choice of where the key goes (this session only, or an owner-only key file)
// before the key can be kept at all: it is never dropped silently.
import type { z } from 'zod';
import { newAccountSchema } from '../../../electron/shared/domain/account';

export const NO_KEYCHAIN_CHOICE =
  'No keychain is available to save the key. Choose “This session only” or “Save in a key file only you can read” to continue.';

export function connectAccountSchema(keychainAvailable: boolean) {
  return newAccountSchema.superRefine((account, ctx) => {
    if (!keychainAvailable && account.keep !== 'session' && account.keep !== 'key-file') {
      ctx.addIssue({ code: 'custom', path: ['keep'], message: NO_KEYCHAIN_CHOICE });
    }
  });
}

export type ConnectAccountInput = z.input<typeof newAccountSchema>;
export type ConnectAccountValues = z.output<typeof newAccountSchema>;
