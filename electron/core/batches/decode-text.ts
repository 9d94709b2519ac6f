// Turns a CSV file's bytes into text, whatever wrote it: UTF-8 with or without a BOM, UTF-16 (little or big
// endian, with a BOM or recognised by its zero bytes), or Windows-1252 (old Excel on Windows) when the
// bytes are not valid UTF-8. Text that is not text at all (a photo renamed .csv) is refused.
import iconv from 'iconv-lite';
import { SheetError } from './sheet-error';

export interface DecodedText {
  text: string;
  encoding: string;
}

/** Which byte of each pair is mostly zero in the first few KB: how BOM-less UTF-16 looks. */
function utf16Without(bytes: Uint8Array): 'utf16le' | 'utf16be' | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf16be';
  return null;
}

function validUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function decodeText(bytes: Uint8Array): DecodedText {
  let decoded: DecodedText;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    decoded = { text: iconv.decode(Buffer.from(bytes.subarray(3)), 'utf8'), encoding: 'UTF-8 with BOM' };
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    decoded = { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf16le'), encoding: 'UTF-16 LE' };
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    decoded = { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf16be'), encoding: 'UTF-16 BE' };
  } else {
    const wide = utf16Without(bytes);
    const utf8 = wide ? null : validUtf8(bytes);
    decoded = wide
      ? {
          text: iconv.decode(Buffer.from(bytes), wide),
          encoding: wide === 'utf16le' ? 'UTF-16 LE' : 'UTF-16 BE',
        }
      : utf8 !== null
        ? { text: utf8, encoding: 'UTF-8' }
        : { text: iconv.decode(Buffer.from(bytes), 'win1252'), encoding: 'Windows-1252' };
  }
  // NUL or many control characters: the bytes are not a text file (an image, a zip, a program).
  let control = 0;
  const sample = decoded.text.slice(0, 65_536);
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i);
    if (code === 0) {
      control = sample.length;
      break;
    }
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) control += 1;
  }
  if (control > Math.max(2, sample.length * 0.01)) {
    throw new SheetError(
      'This file is not a spreadsheet: its content is not text (it may be an image or another kind of file renamed). Save the sheet as CSV (or XLSX) and drop that file.',
    );
  }
  return decoded;
}
