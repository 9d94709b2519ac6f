// The IPC handlers of Settings → Team history (issue 19): where the history lives now and from the next
// start, connecting a team database (tested, then saved in the keychain), forgetting it, copying this
// computer's history in, and the desktop app's restart. The address holds a password: no answer, log line
// or error of these handlers carries it.
import type { Handlers } from '../../shared/ipc/contract';
import type { TeamConnectionView } from '../../shared/ipc/channels/team';
import type { SecretStore } from '../accounts/secret-store';
import { AppError } from '../kernel/app-error';
import { copyHistoryToTeam } from './copy-history';
import { prepareTeamDatabase } from './team-check';
import {
  redactedAddress,
  TEAM_DATABASE_ENV,
  TeamConnectionStore,
  type TeamAddressSource,
} from './team-connection';

type Channel = 'team:connection' | 'team:connect' | 'team:forget' | 'team:copyHistory' | 'team:restart';

export interface TeamConnectionHandlersDeps {
  secrets: SecretStore;
  /** This computer's data folder (its history.sqlite is what is copied in). */
  dataDir: string;
  /**
   * The team database this run opened its history on, and where the host took its address from (the run's
   * JRS_DATABASE_URL or the keychain); undefined when it works on this computer's history.
   */
  inUse?: { url: string; source?: TeamAddressSource };
  /** The name written on copied jobs that have none. */
  submittedBy?: () => Promise<string>;
  /** The desktop app restarts itself; the browser host cannot (the page says to restart jrs serve). */
  relaunch?: () => void;
  /**
   * Only for a host that does not say `inUse.source`: the run's environment, to see whether the address in
   * use is JRS_DATABASE_URL's; the process's by default.
   */
  env?: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
}

const RESTART_SERVE =
  'This page cannot restart jrs serve: stop it (Ctrl+C where it runs) and start it again to switch.';

/** Every form a password may take in a sentence (as typed, URL-encoded, decoded). */
function passwordForms(url: string): string[] {
  let password = '';
  try {
    password = new URL(url.trim()).password;
  } catch {
    // Not a URL: the address's own parser said why, in words without it; blot out nothing more.
  }
  if (!password) return [];
  const forms = new Set([password, encodeURIComponent(password)]);
  try {
    forms.add(decodeURIComponent(password));
  } catch {
    // A malformed escape: the raw forms are enough.
  }
  return [...forms].filter((form) => form.length > 0);
}

/**
 * The failure as the AppError the page sees, with no trace of the password even if a lower layer let one
 * through (the driver's words are already redacted; this holds whatever comes next). No cause is kept.
 */
function withoutPassword(error: unknown, url: string): AppError {
  const forms = passwordForms(url);
  const scrub = (text: string) => forms.reduce((done, form) => done.split(form).join('***'), text);
  if (error instanceof AppError) return new AppError(error.kind, scrub(error.message));
  return new AppError(
    'internal',
    'The team database could not be tried: something went wrong inside the app. Try again; if it keeps happening, restart the app.',
  );
}

function same(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a?.trim() || null) === (b?.trim() || null);
}

export function teamConnectionHandlers(deps: TeamConnectionHandlersDeps): Pick<Handlers, Channel> {
  // Only the keychain is read through it: whether the environment counts is the host's word (a packaged
  // app takes no JRS_DATABASE_URL), said by `inUse.source`; without it, the address in use is compared.
  const store = new TeamConnectionStore(deps.secrets, {});
  const inUse = deps.inUse ?? null;
  const fromEnv = (deps.env ?? process.env)[TEAM_DATABASE_ENV]?.trim() || null;
  // The run took its address from JRS_DATABASE_URL: every start with it uses that one, whatever is saved.
  const environment =
    inUse !== null && (inUse.source ? inUse.source === 'environment' : same(inUse.url, fromEnv));
  /** The address the next start uses (the environment's again, else the saved one), or null. */
  const nextUrl = async (): Promise<string | null> =>
    environment && inUse ? inUse.url : await store.saved();

  const safeRedacted = (url: string): string => {
    try {
      return redactedAddress(url);
    } catch {
      return 'an address that cannot be read';
    }
  };

  async function view(): Promise<TeamConnectionView> {
    const saved = await store.saved();
    const next = environment && inUse ? inUse.url : saved;
    return {
      now: inUse
        ? {
            history: 'team',
            address: safeRedacted(inUse.url),
            source: environment ? 'environment' : 'keychain',
          }
        : { history: 'this-computer' },
      saved: saved === null ? null : safeRedacted(saved),
      environment,
      next: next ? { history: 'team', address: safeRedacted(next) } : { history: 'this-computer' },
      restartNeeded: !same(inUse?.url, next),
      canRestart: deps.relaunch !== undefined,
    };
  }

  return {
    'team:connection': async () => view(),
    'team:connect': async ({ url }) => {
      await store.assertCanSave();
      try {
        // Tested (its schema made or brought up to date) before it is saved: a failure saves nothing.
        const check = await prepareTeamDatabase(url);
        await store.save(url);
        deps.log?.(`Team database ${check.address} tested and saved in the keychain.`);
        return { check, connection: await view() };
      } catch (error) {
        throw withoutPassword(error, url);
      }
    },
    'team:forget': async () => {
      const removed = (await store.saved()) !== null && (await store.forget());
      if (removed) deps.log?.('The saved team database was removed from the keychain.');
      return { removed, connection: await view() };
    },
    'team:copyHistory': async () => {
      const url = await nextUrl();
      if (!url)
        throw new AppError(
          'invalid-input',
          'No team database is connected: connect one first, then copy this computer’s history into it.',
        );
      try {
        // With the keychain, each account's jobs go in under the id that account has on the team.
        const copied = await copyHistoryToTeam(url, deps.dataDir, {
          submittedBy: await deps.submittedBy?.(),
          keychain: deps.secrets,
        });
        return { address: copied.address, counts: copied.counts };
      } catch (error) {
        throw withoutPassword(error, url);
      }
    },
    'team:restart': async () => {
      if (!deps.relaunch) throw new AppError('invalid-input', RESTART_SERVE);
      deps.relaunch();
    },
  };
}
