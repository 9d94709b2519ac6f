// JRS_S3_*: an S3-compatible bucket for the JRS_BASE_URL account's uploads (@file values), for one run, as
// that account itself is: its secret stays in this process's memory and goes into no file or keychain.
import { S3_LIFETIME_DAYS, s3SettingsSchema } from '../shared/domain/storage';
import type { SessionStorage } from '../core/accounts/accounts';
import { UsageError } from './cli-error';

type Env = Readonly<Record<string, string | undefined>>;

/** The variables, by the setting each gives. */
export const S3_ENV = {
  endpoint: 'JRS_S3_ENDPOINT',
  region: 'JRS_S3_REGION',
  bucket: 'JRS_S3_BUCKET',
  prefix: 'JRS_S3_PREFIX',
  pathStyle: 'JRS_S3_PATH_STYLE',
  accessKeyId: 'JRS_S3_ACCESS_KEY_ID',
  secret: 'JRS_S3_SECRET_ACCESS_KEY',
  lifetimeDays: 'JRS_S3_LINK_DAYS',
} as const;

const REQUIRED = [S3_ENV.endpoint, S3_ENV.bucket, S3_ENV.accessKeyId, S3_ENV.secret] as const;

export const S3_ENV_HINT = `Set ${REQUIRED.join(', ')} (and ${S3_ENV.region}, default us-east-1; ${S3_ENV.pathStyle}=1 for MinIO and most self-hosted servers).`;

const value = (env: Env, name: string) => env[name]?.trim() ?? '';

/** Whether any JRS_S3_* variable is set (they are for the JRS_BASE_URL account only). */
export function hasS3Env(env: Env): boolean {
  return Object.values(S3_ENV).some((name) => value(env, name) !== '');
}

function yes(env: Env, name: string): boolean {
  const text = value(env, name).toLowerCase();
  if (['', '0', 'false', 'no'].includes(text)) return false;
  if (['1', 'true', 'yes'].includes(text)) return true;
  throw new UsageError(`${name} takes 1 or 0 (yes or no); got “${value(env, name)}”.`);
}

/** The run's bucket from the environment; null when no JRS_S3_* variable is set. */
export function envStorage(env: Env): SessionStorage | null {
  if (!hasS3Env(env)) return null;
  const missing = REQUIRED.filter((name) => value(env, name) === '');
  if (missing.length > 0) {
    throw new UsageError(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set, but other JRS_S3_* variables are.`,
      S3_ENV_HINT,
    );
  }
  const days = value(env, S3_ENV.lifetimeDays);
  const checked = s3SettingsSchema.safeParse({
    endpoint: value(env, S3_ENV.endpoint),
    region: value(env, S3_ENV.region) || 'us-east-1',
    bucket: value(env, S3_ENV.bucket),
    prefix: value(env, S3_ENV.prefix),
    pathStyle: yes(env, S3_ENV.pathStyle),
    accessKeyId: value(env, S3_ENV.accessKeyId),
    lifetimeDays: days === '' ? S3_LIFETIME_DAYS.default : Number(days),
  });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const key = String(issue?.path[0] ?? 'endpoint');
    const name = key in S3_ENV ? S3_ENV[key as keyof typeof S3_ENV] : 'JRS_S3_*';
    const words =
      key === 'lifetimeDays'
        ? `Give a whole number of days from ${S3_LIFETIME_DAYS.min} to ${S3_LIFETIME_DAYS.max}.`
        : (issue?.message ?? 'not valid');
    throw new UsageError(`${name}: ${words}`, S3_ENV_HINT);
  }
  return { s3: checked.data, secret: value(env, S3_ENV.secret) };
}
