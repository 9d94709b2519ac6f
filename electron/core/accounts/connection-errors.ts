// Turns the failure of a key check into a sentence about the account being added.
import { isApiError } from '../api';
import { AppError } from '../kernel/app-error';

export function accountCheckError(error: unknown, baseUrl: string): AppError {
  if (!isApiError(error)) return new AppError('internal', `The key could not be checked against ${baseUrl}.`);
  switch (error.kind) {
    case 'unauthorized':
      return new AppError(
        'unauthorized',
        `The service at ${baseUrl} refused this API key. Copy the whole key again from the API access page of your account.`,
      );
    case 'network':
    case 'timeout':
      return new AppError(
        error.kind,
        `Could not reach ${baseUrl}. Check the address (including http:// or https://) and your connection.`,
      );
    case 'invalid-response':
    case 'not-found':
      return new AppError(
        'invalid-response',
        `${baseUrl} answered, but not like the Job Rendering Service. Check the address.`,
      );
    default:
      return new AppError(error.kind, error.message);
  }
}
