// Pads a PDF with comment lines just before its cross-reference table. Objects before the table keep
// their offsets; only `startxref` moves, and its number may gain a digit, which the comments give back.
import { filler, printable } from './filler';

const LINE = 200;

/** Digits of a non-negative integer. */
const digits = (value: number): number => String(value).length;

/**
 * How many comment bytes `c` to insert, and `spare` (0 or 1) bytes of whitespace in the trailer, so that
 * the file grows by exactly `extra`: c + (digits(offset + c) − digits(offset)) + spare = extra. The left
 * side grows by 1 or 2 per step of c (2 where the number gains a digit), hence the spare byte.
 */
export function pdfPaddingPlan(xrefOffset: number, extra: number): { comments: number; spare: number } {
  const growth = (comments: number) => comments + digits(xrefOffset + comments) - digits(xrefOffset);
  let comments = Math.max(0, extra - (digits(xrefOffset + extra) - digits(xrefOffset)));
  while (comments > 0 && growth(comments) > extra) comments -= 1;
  while (growth(comments + 1) <= extra) comments += 1;
  return { comments, spare: extra - growth(comments) };
}

/** Comment lines ('%', printable filler, '\n'); a last line of one byte is a bare '\n'. */
function commentShape(total: number): (part: Buffer, offset: number) => void {
  return (part, offset) => {
    printable(part);
    // Only the line boundaries inside this part are visited.
    for (let i = (LINE - (offset % LINE)) % LINE; i < part.length; i += LINE) part[i] = 0x25; // '%'
    for (let i = (2 * LINE - 1 - (offset % LINE)) % LINE; i < part.length; i += LINE) part[i] = 0x0a;
    if (offset + part.length === total) part[part.length - 1] = 0x0a;
  };
}

/** The padded PDF's parts, or null when the PDF has no classic cross-reference table to pad before. */
export function padPdf(natural: Buffer, extra: number, seed: number): Iterable<Buffer> | null {
  const text = natural.toString('latin1');
  const xref = text.lastIndexOf('\nxref') + 1;
  const tail = text.slice(xref);
  const startxref = /(\s)(startxref\s+)(\d+)/.exec(tail);
  if (xref === 0 || !startxref || Number(startxref[3]) !== xref) return null;
  const { comments, spare } = pdfPaddingPlan(xref, extra);
  const newTail = tail.replace(
    /(\s)(startxref\s+)(\d+)/,
    (_whole, space: string, keyword: string) => `${space}${'\n'.repeat(spare)}${keyword}${xref + comments}`,
  );
  return (function* () {
    yield natural.subarray(0, xref);
    yield* filler(comments, seed, commentShape(comments));
    yield Buffer.from(newTail, 'latin1');
  })();
}
