// `jrs accounts storage <account> [--endpoint … --bucket … --access-key-id …] [--urls-only] [--default]`:
// where a saved account's uploaded files (@file values, a sheet's files) go, as Settings → Asset storage
// sets it in the app. The S3 secret is read from stdin or typed unseen, never taken as an argument (other
// users can read a command line with ps); it is tested (an object written, read back, deleted) before
// anything is saved, and kept in the keychain.
import { Command, Option } from 'commander';
import type { AccountView, AccountsSnapshot } from '../../shared/domain/account';
import {
  S3_LIFETIME_DAYS,
  s3SettingsSchema,
  type StorageSettings,
  type StorageView,
} from '../../shared/domain/storage';
import { wholeNumber } from '../arg-parsers';
import { CliError, UsageError } from '../cli-error';
import type { CliRun } from '../cli-run';
import type { CoreSession } from '../core-session';
import { EXIT } from '../exit-codes';
import { readAll, readHidden } from '../prompt';
import { action } from './action';

export interface StorageOptions {
  endpoint?: string;
  region?: string;
  bucket?: string;
  prefix?: string;
  pathStyle?: boolean;
  accessKeyId?: string;
  linkDays?: number;
  urlsOnly?: boolean;
  default?: boolean;
  secret?: string;
  secretAccessKey?: string;
}

const S3_OPTIONS = [
  'endpoint',
  'region',
  'bucket',
  'prefix',
  'pathStyle',
  'accessKeyId',
  'linkDays',
] as const;

const OPTION_NAMES: Record<string, string> = {
  endpoint: '--endpoint',
  region: '--region',
  bucket: '--bucket',
  prefix: '--prefix',
  accessKeyId: '--access-key-id',
  lifetimeDays: '--link-days',
};

const PIPE_HINT = (name: string) =>
  `Pipe the secret in, e.g. printf %s "$S3_SECRET" | jrs accounts storage ${JSON.stringify(name)} --endpoint URL --bucket NAME --access-key-id ID`;

function describe(view: StorageView): string[] {
  const { settings, secret } = view;
  if (settings.provider === 'urls')
    return ['Web addresses only: files are not uploaded, image and audio fields take https addresses.'];
  if (settings.provider === 'default')
    return [
      'The account’s own storage: the built-in sandbox hosts its files; other accounts have none, so files given to them are refused.',
    ];
  const s3 = settings.s3;
  return [
    'An S3-compatible bucket:',
    `  endpoint       ${s3.endpoint}`,
    `  region         ${s3.region}`,
    `  bucket         ${s3.bucket}`,
    `  folder         ${s3.prefix || '(none)'}`,
    `  path-style     ${s3.pathStyle ? 'yes' : 'no'}`,
    `  access key id  ${s3.accessKeyId}`,
    `  secret         ${secret.set ? `in the keychain, ends in ${secret.last4 ?? ''}` : 'not set'}`,
    `  links live     ${s3.lifetimeDays} ${s3.lifetimeDays === 1 ? 'day' : 'days'}`,
  ];
}

function show(run: CliRun, account: AccountView, view: StorageView, heading: string): void {
  run.out.record({ type: 'storage', accountId: account.id, name: account.name, ...view });
  run.out.line(`${heading} “${account.name}”: ${describe(view).join('\n')}`);
}

/** The secret: piped in, or typed unseen on a terminal; empty when none was given. */
async function readSecret(run: CliRun): Promise<string> {
  const { stdin, stderr } = run.io;
  const text = stdin.isTTY ? await readHidden('S3 secret access key: ', stdin, stderr) : await readAll(stdin);
  return text.trim();
}

/** The S3 settings the options give, over those saved (a second run may change only --bucket). */
function s3From(options: StorageOptions, saved: StorageSettings) {
  const before = saved.provider === 's3' ? saved.s3 : null;
  const checked = s3SettingsSchema.safeParse({
    endpoint: options.endpoint ?? before?.endpoint ?? '',
    region: options.region ?? before?.region ?? 'us-east-1',
    bucket: options.bucket ?? before?.bucket ?? '',
    prefix: options.prefix ?? before?.prefix ?? '',
    pathStyle: options.pathStyle ?? before?.pathStyle ?? false,
    accessKeyId: options.accessKeyId ?? before?.accessKeyId ?? '',
    lifetimeDays: options.linkDays ?? before?.lifetimeDays ?? S3_LIFETIME_DAYS.default,
  });
  if (checked.success) return checked.data;
  const problems = checked.error.issues.map((issue) => {
    const key = String(issue.path[0]);
    return `${OPTION_NAMES[key] ?? key}: ${issue.message}`;
  });
  throw new UsageError(
    problems.join(' '),
    'An S3-compatible bucket needs --endpoint, --bucket and --access-key-id (and --region, default us-east-1).',
  );
}

export async function storage(
  run: CliRun,
  session: CoreSession,
  account: AccountView,
  options: StorageOptions,
): Promise<void> {
  if (options.secret !== undefined || options.secretAccessKey !== undefined) {
    throw new UsageError(
      'The secret access key is never taken as an argument: other users of this computer can read a command line (ps).',
      PIPE_HINT(account.name),
    );
  }
  const accountId = account.id;
  const wantsS3 = S3_OPTIONS.some((key) => options[key] !== undefined);
  const choices = [wantsS3, options.urlsOnly === true, options.default === true].filter(Boolean).length;
  if (choices > 1) throw new UsageError('Give the bucket’s options, --urls-only or --default: one of them.');
  const saved = await session.call('storage:settings', { accountId });
  if (choices === 0) {
    show(run, account, saved, 'Asset storage of');
    return;
  }
  if (!wantsS3) {
    const settings: StorageSettings = { provider: options.urlsOnly ? 'urls' : 'default' };
    show(
      run,
      account,
      await session.call('storage:save', { settings, accountId }),
      'Saved the asset storage of',
    );
    return;
  }
  const settings: StorageSettings = { provider: 's3', s3: s3From(options, saved.settings) };
  const secret = await readSecret(run);
  if (!secret && !saved.secret.set) {
    throw new UsageError('No S3 secret access key was given.', PIPE_HINT(account.name));
  }
  const given = secret ? { secret } : {};
  run.out.note(`Testing the bucket “${settings.s3.bucket}” at ${settings.s3.endpoint}…`);
  const test = await session.call('storage:test', { settings, accountId, ...given });
  if (!test.ok) throw new CliError(`${test.message} Nothing was saved.`, EXIT.error, undefined, 'storage');
  run.out.note(test.message);
  const view = await session.call('storage:save', { settings, accountId, ...given });
  show(run, account, view, 'Saved the asset storage of');
}

export function storageCommand(
  run: CliRun,
  open: () => Promise<CoreSession>,
  findAccount: (snapshot: AccountsSnapshot, text: string) => AccountView,
): Command {
  return (
    new Command('storage')
      .description(
        'show or set where an account’s uploaded files go (@file values, a sheet’s files): an S3-compatible bucket, the secret read from stdin',
      )
      .argument('<account>', 'its name or id')
      .option('--endpoint <address>', 'the bucket’s service, e.g. https://s3.eu-west-1.amazonaws.com')
      .option('--region <region>', 'e.g. eu-west-1 (default us-east-1; R2: auto)')
      .option('--bucket <name>', 'the bucket')
      .option('--prefix <folder>', 'a folder in the bucket (optional)')
      .option('--path-style', 'path-style addresses (MinIO and most self-hosted servers)')
      .option('--access-key-id <id>', 'the access key’s id (its secret on stdin, or typed unseen)')
      .option(
        '--link-days <days>',
        'how long the links placed in jobs live, 1–7 (default 7)',
        wholeNumber(S3_LIFETIME_DAYS.min, S3_LIFETIME_DAYS.max),
      )
      .option('--urls-only', 'upload nothing: image and audio fields take web addresses')
      .option(
        '--default',
        'the account’s own storage (the built-in sandbox hosts its files; others have none)',
      )
      // Refused with the way to give it: a secret on the command line is readable by other users.
      .addOption(new Option('--secret <secret>').hideHelp())
      .addOption(new Option('--secret-access-key <secret>').hideHelp())
      .action(
        action(run, async (text: string, options: StorageOptions) => {
          const session = await open();
          const account = findAccount(await session.call('accounts:snapshot'), text);
          await storage(run, session, account, options);
        }),
      )
  );
}
