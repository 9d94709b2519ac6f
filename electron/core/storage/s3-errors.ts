// An S3-compatible server's refusal in the person's words: which setting is wrong and what to do.
import { AppError } from '../kernel/app-error';
import type { S3Settings } from '../../shared/domain/storage';

export function s3Error(error: unknown, settings: S3Settings, what: string): AppError {
  const name = (error as { name?: string; Code?: string } | null)?.name ?? '';
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  const at = `${settings.endpoint}`;
  let message: string;
  if (
    [
      'InvalidAccessKeyId',
      'SignatureDoesNotMatch',
      'InvalidClientTokenId',
      'AuthorizationHeaderMalformed',
    ].includes(name)
  ) {
    message = `${at} refused the access key or secret (${name}). Check both in Settings → Asset storage.`;
  } else if (name === 'NoSuchBucket') {
    message = `The bucket “${settings.bucket}” does not exist at ${at}. Create it, or correct its name in Settings → Asset storage.`;
  } else if (name === 'AccessDenied' || status === 403) {
    message = `${at} denied ${what} in “${settings.bucket}”. Give the access key the right to read, write and delete objects there.`;
  } else if (name === 'RequestTimeTooSkewed') {
    message = `${at} says this computer’s clock is wrong. Set the date and time, then try again.`;
  } else if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|fetch failed|socket/i.test(
      `${name} ${(error as Error)?.message ?? ''}`,
    )
  ) {
    message = `${at} could not be reached. Check the endpoint and the network, then try again.`;
  } else {
    message = `${what} failed at ${at} (${name || status || 'error'}). Check the asset storage settings, then try again.`;
  }
  return new AppError('storage', message, { cause: error });
}
