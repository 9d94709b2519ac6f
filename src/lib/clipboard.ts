// Copies text for the person (ids, paths, raw JSON). Main refuses every permission request, which may include
// the asynchronous clipboard's, so a selection copy (allowed during a click) is the fallback.
import { AppFailure } from './api';

function copyBySelection(text: string): boolean {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const buffer = document.createElement('textarea');
  buffer.value = text;
  buffer.setAttribute('readonly', '');
  buffer.setAttribute('aria-hidden', 'true');
  buffer.className = 'clipboard-buffer';
  document.body.append(buffer);
  buffer.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    buffer.remove();
    previous?.focus();
  }
}

export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Refused: try the selection below.
  }
  if (!copyBySelection(text)) {
    throw new AppFailure('internal', 'The text could not be copied. Select it and press Ctrl+C instead.');
  }
}
