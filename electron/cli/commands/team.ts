// `jrs team connect|status|forget`: the team database's address, tested before it is saved in the keychain
// (it holds a password: read from stdin or typed unseen, refused as an argument), shown without its
// password, and forgotten. The saved address (or JRS_DATABASE_URL for one run) is the history of every
// run of the app, jrs and jrs serve on this computer (core/team/team-connection.ts: teamHistoryFor).
import { join } from 'node:path';
import { Command } from 'commander';
import type { SecretStore } from '../../core/accounts/secret-store';
import { PG_LATEST_VERSION } from '../../core/db/postgres/migrations';
import { AppError } from '../../core/kernel/app-error';
import { lookAtTeamDatabase, prepareTeamDatabase, type TeamDatabaseCheck } from '../../core/team/team-check';
import { copyHistoryToTeam } from '../../core/team/copy-history';
import {
  hasPassword,
  redactedAddress,
  TEAM_DATABASE_ENV,
  TeamConnectionStore,
  type TeamAddress,
} from '../../core/team/team-connection';
import type { AppErrorData } from '../../shared/domain/errors';
import { userDataDir } from '../../node-host/host-paths';
import { hostInstallation } from '../../node-host/installation';
import { installationKeychain } from '../../node-host/installation-keychain';
import { UsageError } from '../cli-error';
import type { CliRun } from '../cli-run';
import { summaryOf } from '../command-summaries';
import { EXIT, exitCodeOf, type ExitCode } from '../exit-codes';
import { readAll, readHidden } from '../prompt';
import { action } from './action';
import { teamNameCommand } from './team-name';

const PIPE_HINT = `Pipe it in: printf %s "$TEAM_DATABASE_URL" | jrs team connect, or run jrs team connect alone and type it (it is not shown).`;

const SHARED_WORDS =
  'jobs, batches, accounts (never their keys) and who submitted what are shared; files are saved per computer.';
const ON_THE_TEAM: Record<TeamAddress['source'], string> = {
  keychain: `The app, jrs and jrs serve on this computer work on the team history: ${SHARED_WORDS}`,
  environment: `This run works on the team history (${TEAM_DATABASE_ENV}): ${SHARED_WORDS}`,
};
const SWITCHED_ON =
  'From now on the app, jrs and jrs serve on this computer work on the team history (an app already open switches when it starts again). To bring this computer’s jobs along: jrs team copy-history.';
const NOT_ANSWERING =
  'Until it answers, the app and jrs cannot open the history. To work on this computer’s own history instead: jrs team forget.';

const SOURCE_WORDS: Record<TeamAddress['source'], string> = {
  keychain: "saved in this computer's keychain",
  environment: `from ${TEAM_DATABASE_ENV}, this run only`,
};

function store(run: CliRun): TeamConnectionStore {
  const secrets: SecretStore = run.io.secrets ?? installationKeychain(hostInstallation(), run.io.env);
  return new TeamConnectionStore(secrets, run.io.env);
}

function schemaWords(check: TeamDatabaseCheck): string {
  if (check.schemaVersion === null) return 'it holds no team history yet (connecting makes it)';
  return `the team history's schema is at version ${check.schemaVersion}`;
}

/** The address: an argument only without a password (argv is visible to others), else stdin or typed unseen. */
async function readAddress(run: CliRun, argument: string | undefined): Promise<string> {
  if (argument !== undefined) {
    if (hasPassword(argument)) {
      throw new UsageError(
        'The address holds a password, and other users of this computer can see a command’s arguments (ps), as your shell’s history keeps them. Nothing was saved.',
        PIPE_HINT,
      );
    }
    return argument.trim();
  }
  const { stdin, stderr } = run.io;
  const typed = stdin.isTTY
    ? await readHidden('Team database address (postgres://user:password@host:5432/database): ', stdin, stderr)
    : await readAll(stdin);
  if (!typed.trim()) throw new UsageError('No team database address was given.', PIPE_HINT);
  return typed.trim();
}

async function connect(run: CliRun, argument: string | undefined): Promise<void> {
  const { out } = run;
  const team = store(run);
  await team.assertCanSave();
  const url = await readAddress(run, argument);
  // The address is tested (and the team history's schema made or brought up to date) before it is saved:
  // a failure saves nothing.
  out.note(`Connecting to ${redactedAddress(url)}…`);
  const check = await prepareTeamDatabase(url);
  await team.save(url);
  out.record(teamRecord(run, { source: 'keychain', answers: true, check }));
  out.line(
    `Connected to ${check.address} (PostgreSQL ${check.serverVersion}); ${schemaWords(check)}. Saved in this computer's keychain.`,
  );
  if (!check.writable) out.warn(newerWords(check));
  if (run.io.env[TEAM_DATABASE_ENV]?.trim())
    out.note(`${TEAM_DATABASE_ENV} is set: runs with it use that database instead of the saved one.`);
  out.note(SWITCHED_ON);
}

function newerWords(check: TeamDatabaseCheck): string {
  return `Its history was made by a newer version of Job Rendering Studio (schema version ${check.schemaVersion}; this app knows up to ${check.knownSchemaVersion}): update the app to write to it.`;
}

/** What a status found: the database answering, or what is wrong (with its address when it can be read). */
type Looked =
  | { source: TeamAddress['source']; answers: true; check: TeamDatabaseCheck }
  | { source: TeamAddress['source']; answers: false; address: string | null; problem: AppErrorData };

function teamRecord(run: CliRun, looked: Looked | null) {
  const database =
    looked === null
      ? null
      : looked.answers
        ? {
            address: looked.check.address,
            source: looked.source,
            answers: true,
            serverVersion: looked.check.serverVersion,
            schemaVersion: looked.check.schemaVersion,
            knownSchemaVersion: looked.check.knownSchemaVersion,
            writable: looked.check.writable,
            problem: null,
          }
        : {
            address: looked.address,
            source: looked.source,
            answers: false,
            serverVersion: null,
            schemaVersion: null,
            knownSchemaVersion: PG_LATEST_VERSION,
            writable: null,
            problem: looked.problem,
          };
  return {
    type: 'team' as const,
    history: looked ? ('team' as const) : ('this-computer' as const),
    historyPath: historyPath(run),
    database,
  };
}

function historyPath(run: CliRun): string {
  return join(userDataDir(run.io.env), 'history.sqlite');
}

async function look({ source, url }: TeamAddress): Promise<Looked> {
  let address: string | null = null;
  try {
    address = redactedAddress(url);
    return { source, answers: true, check: await lookAtTeamDatabase(url) };
  } catch (error) {
    // lookAtTeamDatabase says every failure as an AppError without the password; anything else is a bug.
    if (!(error instanceof AppError)) throw error;
    return { source, answers: false, address, problem: { kind: error.kind, message: error.message } };
  }
}

async function status(run: CliRun): Promise<ExitCode> {
  const { out } = run;
  const given = await store(run).current();
  const looked = given ? await look(given) : null;
  out.record(teamRecord(run, looked));
  out.line(`On this computer: ${historyPath(run)}`);
  if (!looked) {
    out.line('No team database is saved.');
    out.note('Connect one with: jrs team connect (the address piped in, or typed unseen).');
    return EXIT.ok;
  }
  const address = looked.answers ? looked.check.address : looked.address;
  out.line(`Team database: ${address ?? 'an address that cannot be read'} (${SOURCE_WORDS[looked.source]})`);
  if (looked.answers) {
    out.line(`It answers: PostgreSQL ${looked.check.serverVersion}; ${schemaWords(looked.check)}.`);
    if (!looked.check.writable) out.warn(newerWords(looked.check));
    out.line(ON_THE_TEAM[looked.source]);
    return EXIT.ok;
  }
  const { problem } = looked;
  out.line(
    `${problem.kind === 'invalid-input' ? 'It cannot be used' : 'It does not answer'}: ${problem.message}`,
  );
  out.line(NOT_ANSWERING);
  return exitCodeOf(problem.kind);
}

async function copyHistory(run: CliRun): Promise<void> {
  const { out } = run;
  const given = await store(run).current();
  if (!given)
    throw new AppError(
      'invalid-input',
      `No team database to copy into: connect one with jrs team connect, or set ${TEAM_DATABASE_ENV}.`,
    );
  out.note(`Copying ${historyPath(run)} into the team history at ${redactedAddress(given.url)}…`);
  const copied = await copyHistoryToTeam(given.url, userDataDir(run.io.env), {
    keychain: run.io.secrets ?? installationKeychain(hostInstallation(), run.io.env),
  });
  const { jobs, batches, settings, downloads } = copied.counts;
  out.record({ type: 'copied', address: copied.address, from: copied.from, ...copied.counts });
  const count = (counts: { copied: number; alreadyThere: number }, what: string) =>
    `${counts.copied} ${what}${counts.alreadyThere ? ` (${counts.alreadyThere} already there)` : ''}`;
  out.line(
    `Copied into ${copied.address}: ${count(jobs, 'job(s)')}, ${count(batches, 'batch(es)')}, ${count(settings, 'setting(s)')}, ${count(downloads, 'download record(s)')}.`,
  );
  out.note(`Nothing was changed or removed in ${copied.from}; running this again adds nothing twice.`);
}

async function forget(run: CliRun): Promise<void> {
  const { out } = run;
  const team = store(run);
  const saved = await team.saved();
  let address: string | null = null;
  try {
    address = saved === null ? null : redactedAddress(saved);
  } catch {
    // A saved text that is no address is removed all the same, unnamed.
  }
  const removed = saved !== null && (await team.forget());
  out.record({ type: 'forgotten', address, removed });
  if (!removed) out.line('No team database was saved.');
  else
    out.line(
      `Forgot the team database${address ? ` ${address}` : ''}: removed from this computer's keychain.`,
    );
  if (run.io.env[TEAM_DATABASE_ENV]?.trim())
    out.note(`${TEAM_DATABASE_ENV} is still set: runs with it still use that database.`);
}

export function teamCommand(run: CliRun): Command {
  const team = new Command('team').description(summaryOf('team'));
  team
    .command('status', { isDefault: true })
    .description(
      `where the history lives, and the team database (saved, or ${TEAM_DATABASE_ENV}): whether it answers now`,
    )
    .action(action(run, async () => status(run)));
  team
    .command('connect')
    .description(
      'test a team database and save its address in the keychain (piped in, or typed unseen: it holds a password)',
    )
    .argument('[address]', 'postgres://user@host:5432/database (an address with a password is refused here)')
    .action(action(run, async (argument: string | undefined) => connect(run, argument)));
  team
    .command('forget')
    .description('remove the saved team database’s address from the keychain')
    .action(action(run, async () => forget(run)));
  team
    .command('copy-history')
    .description(
      'copy this computer’s history into the team history (nothing here is changed; run again, nothing is doubled)',
    )
    .action(action(run, async () => copyHistory(run)));
  team.addCommand(teamNameCommand(run));
  return team;
}
