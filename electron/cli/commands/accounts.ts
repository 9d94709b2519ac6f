// `jrs accounts list|add|use|remove|storage`: the saved accounts the desktop app shows too, their keys in the OS
// keychain through accounts:add, or where no keychain answers, in an owner-only key file (--key-file) or
// for this run only (--session-only), never dropped silently. The JRS_BASE_URL account is not one of them.
import { Command, Option } from 'commander';
import type { AccountView, AccountsSnapshot, KeyChoice, KeyStorage } from '../../shared/domain/account';
import { CliError, UsageError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { CliRun } from '../cli-run';
import type { CoreSession } from '../core-session';
import { readAll, readHidden } from '../prompt';
import { summaryOf } from '../command-summaries';
import { action } from './action';
import { storageCommand } from './accounts-storage';

function accountRecord(account: AccountView, activeId: string | null) {
  return { type: 'account' as const, ...account, active: account.id === activeId };
}

function findAccount(snapshot: AccountsSnapshot, text: string): AccountView {
  const wanted = text.trim().toLowerCase();
  const matches = snapshot.accounts.filter(
    (account) => account.id === text.trim() || account.name.trim().toLowerCase() === wanted,
  );
  const found =
    matches.length === 1
      ? matches
      : snapshot.accounts.filter((account) => account.id.startsWith(text.trim()));
  if (found.length === 1 && found[0]) return found[0];
  throw new UsageError(
    found.length > 1 ? `“${text}” names ${found.length} accounts.` : `No saved account is called “${text}”.`,
    'See the accounts with: jrs accounts list (give the name or the id).',
  );
}

const KEPT_WORDS: Record<KeyStorage, string> = {
  keychain: 'keychain',
  'key-file': 'key file',
  session: 'session only',
  app: 'made by the app',
  environment: 'JRS_API_KEY',
  team: 'the team’s (no key here)',
};

const STATE_WORDS: Partial<Record<AccountView['state'], string>> = {
  'key-missing': 'key missing — add it again',
  locked: 'keychain locked',
};

function showAccounts(run: CliRun, snapshot: AccountsSnapshot): void {
  const { out } = run;
  for (const account of snapshot.accounts) out.record(accountRecord(account, snapshot.activeId));
  if (snapshot.accounts.length === 0) {
    out.line('No saved account.');
    out.note('Add one with: jrs accounts add --name NAME --url URL (the key on stdin), or --sandbox.');
    return;
  }
  out.table(
    ['', 'NAME', 'ADDRESS', 'KEY', 'KEPT', 'STATE', 'ID'],
    snapshot.accounts.map((account) => [
      account.id === snapshot.activeId ? out.out.green('*') : ' ',
      account.name,
      account.baseUrl,
      account.keyLast4 ? `…${account.keyLast4}` : '',
      KEPT_WORDS[account.storage],
      STATE_WORDS[account.state] ?? account.state,
      account.id.slice(0, 8),
    ]),
  );
  for (const account of snapshot.accounts) {
    if (account.keyFile)
      out.note(`The key of “${account.name}” is in ${account.keyFile} (only you can read it).`);
  }
}

async function list(run: CliRun, session: CoreSession): Promise<void> {
  showAccounts(run, await session.call('accounts:snapshot'));
  if (run.io.env['JRS_BASE_URL'])
    run.out.note('JRS_BASE_URL and JRS_API_KEY are set: the other commands work on that account instead.');
}

/** The key: piped in (never an argument, which would stay in the shell's history), or typed unseen. */
async function readKey(run: CliRun): Promise<string> {
  const { stdin, stderr } = run.io;
  const key = stdin.isTTY ? await readHidden('API key: ', stdin, stderr) : await readAll(stdin);
  if (!key.trim()) {
    throw new UsageError(
      'No API key was given.',
      'Pipe it in, e.g. printf %s "$KEY" | jrs accounts add --name NAME --url URL',
    );
  }
  return key.trim();
}

interface AddOptions {
  name?: string;
  url?: string;
  sandbox?: boolean;
  keyFile?: boolean;
  sessionOnly?: boolean;
}

/** Where the key goes: the keychain unless told; the core refuses that where no keychain answers. */
function keyChoice(options: AddOptions): KeyChoice {
  if (options.keyFile && options.sessionOnly)
    throw new UsageError('Give --key-file or --session-only, not both.');
  return options.keyFile ? 'key-file' : options.sessionOnly ? 'session' : 'keychain';
}

const NO_KEYCHAIN_HINT =
  'Run it again with --key-file (the key saved in a file only you can read, in the data folder) or --session-only (the key forgotten when this command ends; the account stays listed, its key missing).';

async function add(run: CliRun, session: CoreSession, options: AddOptions): Promise<void> {
  let snapshot: AccountsSnapshot;
  if (options.sandbox) {
    if (options.name || options.url || options.keyFile || options.sessionOnly)
      throw new UsageError(
        '--sandbox takes no --name, --url, --key-file or --session-only (it needs no key).',
      );
    snapshot = await session.call('accounts:useSandbox');
  } else {
    const keep = keyChoice(options);
    if (!options.name || !options.url) {
      throw new UsageError(
        'An account needs --name and --url.',
        'For example: jrs accounts add --name Team --url https://api.example.com (the key on stdin), or --sandbox.',
      );
    }
    if (keep === 'keychain') {
      // Asked before the key is read: where no keychain answers, nothing would keep it.
      const { keychain } = await session.call('accounts:snapshot');
      if (!keychain.available) {
        throw new CliError(
          `${keychain.reason ?? 'No system keychain answered.'} The key was not saved.`,
          EXIT.auth,
          NO_KEYCHAIN_HINT,
          'keychain',
        );
      }
    }
    const apiKey = await readKey(run);
    snapshot = await session
      .call('accounts:add', { name: options.name, baseUrl: options.url, apiKey, keep })
      .catch((error: unknown) => {
        // A keychain that answered the probe may still refuse the key (a locked or missing collection).
        if (error instanceof CliError && error.kind === 'keychain' && keep === 'keychain')
          throw new CliError(
            'The system keychain did not store the key. Nothing was saved.',
            EXIT.auth,
            NO_KEYCHAIN_HINT,
            'keychain',
          );
        throw error;
      });
  }
  const added = snapshot.accounts.find((account) => account.id === snapshot.activeId);
  if (added) run.out.record(accountRecord(added, snapshot.activeId));
  run.out.line(`Added “${added?.name ?? options.name}” and made it the active account.`);
  if (added?.keyFile) run.out.note(`Its key is saved in ${added.keyFile}, a file only you can read.`);
  if (added?.storage === 'session') {
    run.out.note(
      'Its key is kept for this run only: the next command lists the account as “key missing” until you add it again (same --name and --url).',
    );
  }
}

async function use(run: CliRun, session: CoreSession, text: string): Promise<void> {
  const account = findAccount(await session.call('accounts:snapshot'), text);
  const snapshot = await session.call('accounts:activate', { id: account.id });
  run.out.record(accountRecord(account, snapshot.activeId));
  run.out.line(`“${account.name}” is the active account now.`);
}

async function remove(run: CliRun, session: CoreSession, text: string, deleteHistory: boolean) {
  const account = findAccount(await session.call('accounts:snapshot'), text);
  await session.call('accounts:remove', { id: account.id, deleteHistory });
  run.out.record({ type: 'removed', id: account.id, name: account.name, historyDeleted: deleteHistory });
  run.out.line(
    `Removed “${account.name}” and its key.${deleteHistory ? ' Its job history was deleted.' : ' Its jobs stay in the history, read-only.'}`,
  );
}

export function accountsCommand(run: CliRun): Command {
  const accounts = new Command('accounts').description(summaryOf('accounts'));
  const open = () => run.openCore({ envAccount: false });
  accounts
    .command('list', { isDefault: true })
    .description('the saved accounts (* marks the active one)')
    .action(action(run, async () => list(run, await open())));
  accounts
    .command('add')
    .description('add an account: its key is read from stdin (or typed, unseen) and kept in the keychain')
    .option('--name <name>', 'a name for it, e.g. Team')
    .option('--url <address>', 'the service’s address, e.g. https://api.example.com')
    .addOption(new Option('--sandbox', 'use the built-in sandbox (a demo account on this computer)'))
    .option('--key-file', 'no keychain here: save the key in a file only you can read, in the data folder')
    .option('--session-only', 'no keychain here: keep the key for this run only (the account stays listed)')
    .action(action(run, async (options: AddOptions) => add(run, await open(), options)));
  accounts
    .command('use')
    .description('make an account the active one')
    .argument('<account>', 'its name or id')
    .action(action(run, async (text: string) => use(run, await open(), text)));
  accounts
    .command('remove')
    .description('remove an account and its key (its jobs stay, read-only)')
    .argument('<account>', 'its name or id')
    .option('--delete-history', 'also delete its jobs from the history')
    .action(
      action(run, async (text: string, options: { deleteHistory?: boolean }) =>
        remove(run, await open(), text, options.deleteHistory === true),
      ),
    );
  accounts.addCommand(storageCommand(run, open, findAccount));
  return accounts;
}
