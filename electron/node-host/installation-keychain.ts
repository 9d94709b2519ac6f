// The keychain of an installation: its own service name, finding (and moving once) keys saved under a name
// it used before. JRS_KEYCHAIN_SERVICE names one service exactly, with nothing moved (tests, scripts).
import { KeytarSecretStore } from '../core/accounts/keytar-secret-store';
import { MovingSecretStore } from '../core/accounts/moving-secret-store';
import type { SecretStore } from '../core/accounts/secret-store';
import type { Installation } from './installation';

type Env = Record<string, string | undefined>;

export function installationKeychain(
  installation: Installation,
  env: Env = process.env,
  log?: (line: string) => void,
): SecretStore {
  const override = env['JRS_KEYCHAIN_SERVICE'];
  if (override) return new KeytarSecretStore(override);
  return new MovingSecretStore(
    new KeytarSecretStore(installation.keychainService),
    installation.formerKeychainServices.map((service) => new KeytarSecretStore(service)),
    log,
  );
}
