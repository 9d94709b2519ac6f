// Opens a link in the person's browser, after checkExternalUrl has accepted it (https, no credentials).
import { shell } from 'electron';
import { AppError } from '../core/kernel/app-error';
import { checkExternalUrl } from './external-url';

export async function openExternal(url: string): Promise<void> {
  const checked = checkExternalUrl(url);
  if (!checked)
    throw new AppError('invalid-input', 'Only secure (https) links can be opened in your browser.');
  // The URL passed checkExternalUrl just above: https only, no credentials.
  await shell.openExternal(checked.href); // eng-disable OPEN_EXTERNAL_JS_CHECK
}
