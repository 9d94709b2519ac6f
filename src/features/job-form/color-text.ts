// A colour field's text and its picker: the picker shows the colour the text names (a code or a CSS colour
// name, read by the shared rule in electron/shared/domain/colour.ts), and a colour picked is written back
// in the text's own style where the text is a code (case, #, short form kept where it can be), else as a
// code.
import { colourHex } from '../../../electron/shared/domain/colour';

const HEX = /^(#?)([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The picker's value (#rrggbb, lower case) for the text, or null when the text names no colour. */
export function pickerValue(text: string): string | null {
  return colourHex(text);
}

/** The text for a picked colour (#rrggbb), written the way the current text is written. */
export function textForPicked(picked: string, current: string): string {
  const match = HEX.exec(current.trim());
  const hash = match ? match[1] : '#';
  const upper = match ? /[A-F]/.test(match[2] ?? '') && !/[a-f]/.test(match[2] ?? '') : false;
  let digits = picked.replace(/^#/, '').toLowerCase();
  const short = match?.[2]?.length === 3;
  if (short && digits[0] === digits[1] && digits[2] === digits[3] && digits[4] === digits[5]) {
    digits = `${digits[0]}${digits[2]}${digits[4]}`;
  }
  return `${hash}${upper ? digits.toUpperCase() : digits}`;
}
