// Checks a zipped workbook before SheetJS is let near it: that it is a workbook at all, what its parts
// inflate to (from the zip's directory, then checked while inflating, so a directory that lies is caught),
// and for an .xlsx the chosen sheet's declared <dimension>, its cell count and the range its cells span.
// A sheet over the limits is refused in words in a second or two, instead of taking minutes and gigabytes.
import { posix } from 'node:path';
import { NOT_A_SPREADSHEET, SHEET_LIMITS, SheetError, shapeWords, tooManyCells } from './sheet-error';
import { inflateEntry, NotAZip, peekEntry, zipEntries, type ZipEntry } from './zip-directory';

const DAMAGED =
  'This Excel file is damaged or incomplete and cannot be opened. Open it in Excel and save it again (or export it as CSV), then drop the new file.';

/** Zipped formats SheetJS reads, by a part each always has. */
const WORKBOOK_PARTS = [
  /^xl\/workbook\.xml$/i,
  /^xl\/workbook\.bin$/i,
  /^content\.xml$/,
  /^Index\/Document\.iwa$/,
];

/** The most a relationships, types or workbook part is read to before the size check. */
const SMALL_PART = 8 * 1024 * 1024;

const mb = (bytes: number) => Math.round(bytes / 1048576).toLocaleString('en');

/** Column letters to a 1-based number: A → 1, XFD → 16,384. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters.toUpperCase()) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}

/** "A1:GR99001" (or "B2") as rows and columns. */
function rangeShape(ref: string): { rows: number; columns: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?$/.exec(ref.trim());
  if (!match) return null;
  const [, c1 = 'A', r1 = '1', c2 = c1, r2 = r1] = match;
  return {
    rows: Math.abs(Number(r2) - Number(r1)) + 1,
    columns: Math.abs(columnNumber(c2) - columnNumber(c1)) + 1,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

const attribute = (attributes: string, name: RegExp) => name.exec(attributes)?.[1];

/** A relationship's target as a part name: relative to the folder of the part that names it. */
function partName(folder: string, target: string): string {
  const name = unescapeXml(target);
  return name.startsWith('/') ? name.slice(1) : posix.normalize(posix.join(folder, name));
}

/** Each relationship of a .rels part: its Id, Type and Target. */
function relationships(rels: string): { id?: string; type?: string; target?: string }[] {
  return [...rels.matchAll(/<(?:\w+:)?Relationship\s([^>]*)>/g)].map(([, attributes = '']) => ({
    id: attribute(attributes, /\bId="([^"]*)"/),
    type: attribute(attributes, /\bType="([^"]*)"/),
    target: attribute(attributes, /\bTarget="([^"]*)"/),
  }));
}

/** The workbook part: the package's officeDocument (xl/workbook.xml as Excel writes it). */
function workbookPart(part: (name: string) => string | null): string | null {
  const root = part('_rels/.rels');
  const office = root
    ? relationships(root).find((rel) => rel.type?.endsWith('/officeDocument') && rel.target)
    : undefined;
  return office?.target ? partName('', office.target) : null;
}

/** The worksheet part of the sheet wanted (the first by default), from the workbook and its rels. */
function sheetPart(part: (name: string) => string | null, wanted: string | undefined): string | null {
  const workbookName = workbookPart(part);
  if (!workbookName?.endsWith('.xml')) return null;
  const folder = posix.dirname(workbookName);
  const workbook = part(workbookName);
  const rels = part(posix.join(folder, '_rels', `${posix.basename(workbookName)}.rels`));
  if (!workbook || !rels) return null;
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\s([^>]*)>/g)].map(([, attributes = '']) => ({
    name: unescapeXml(attribute(attributes, /\bname="([^"]*)"/) ?? ''),
    id: attribute(attributes, /\s\w+:id="([^"]*)"/),
  }));
  const sheet = wanted === undefined ? sheets[0] : sheets.find((candidate) => candidate.name === wanted);
  const target = sheet?.id ? relationships(rels).find((rel) => rel.id === sheet.id)?.target : undefined;
  return target ? partName(folder, target) : null;
}

/** Whether the zip is a workbook SheetJS reads: by a part each format has, or by its declared types. */
function isWorkbook(entries: readonly ZipEntry[], part: (name: string) => string | null): boolean {
  if (entries.some((entry) => WORKBOOK_PARTS.some((pattern) => pattern.test(entry.name)))) return true;
  const types = entries.some((entry) => entry.name === '[Content_Types].xml')
    ? part('[Content_Types].xml')
    : null;
  return types !== null && /spreadsheetml|ms-excel/i.test(types);
}

/** The declared <dimension ref> near the start of a worksheet. */
function checkDimension(head: string): void {
  const ref = /<(?:\w+:)?dimension\s[^>]*\bref="([^"]+)"/.exec(head)?.[1];
  const shape = ref ? rangeShape(ref) : null;
  if (!shape) return;
  const cells = shape.rows * shape.columns;
  if (cells > SHEET_LIMITS.maxCells) throw tooManyCells(cells, shapeWords(shape.rows, shape.columns));
}

/** The cells a worksheet holds and the range they reach, counted in its XML before any is parsed. */
function checkCells(xml: string): void {
  let cells = 0;
  let lastRow = 0;
  let lastColumn = 0;
  for (const [, attributes = ''] of xml.matchAll(/<(?:\w+:)?c(?=[\s/>])([^>]*)>/g)) {
    cells += 1;
    const ref = /\br="\$?([A-Za-z]{1,3})\$?(\d{1,7})"/.exec(attributes);
    if (!ref) continue;
    lastColumn = Math.max(lastColumn, columnNumber(ref[1] ?? 'A'));
    lastRow = Math.max(lastRow, Number(ref[2]));
  }
  if (cells > SHEET_LIMITS.maxCells) throw tooManyCells(cells);
  // What the sheet becomes once read: every row as wide as the widest, so a lone cell at column XFD
  // on each row costs as much as full rows.
  const spanned = Math.min(lastRow, SHEET_LIMITS.maxRows + 1) * lastColumn;
  if (spanned > SHEET_LIMITS.maxCells) {
    throw tooManyCells(spanned, shapeWords(Math.min(lastRow, SHEET_LIMITS.maxRows + 1), lastColumn));
  }
}

/** Throws a SheetError when the zipped workbook is not one, or is over the limits; returns otherwise. */
export function checkZippedWorkbook(bytes: Uint8Array, wanted?: string): void {
  let entries: ZipEntry[];
  try {
    entries = zipEntries(bytes);
  } catch (error) {
    // It starts as a zip but its directory is not there: cut short (a download that stopped).
    if (error instanceof NotAZip) throw new SheetError(DAMAGED);
    throw error;
  }
  const names = new Map(entries.map((entry) => [entry.name, entry]));
  const inflate = (entry: ZipEntry): Buffer => {
    try {
      return inflateEntry(bytes, entry, entry.size);
    } catch {
      // Larger than its directory says (RangeError), or its bytes are not there.
      throw new SheetError(DAMAGED);
    }
  };
  // The small XML parts (types, relationships, the workbook) are read before the size check: each is
  // held to a few MB here, whatever the directory says.
  const text = (name: string) => {
    const entry = names.get(name);
    if (!entry || entry.size > SMALL_PART) return null;
    return inflate(entry).toString('utf8');
  };
  // A zip without a workbook in it: a Word document, an archive renamed .xlsx.
  if (!isWorkbook(entries, text)) throw new SheetError(NOT_A_SPREADSHEET);
  // Excel's passwords encrypt the whole file (it is then not a zip); a zip's own encryption is not Excel's.
  if (entries.some((entry) => (entry.flags & 1) === 1)) throw new SheetError(DAMAGED);

  const part = sheetPart(text, wanted);
  const sheet = part ? names.get(part) : undefined;
  // The declared dimension first: cheap (a few KB inflated), and the most telling words.
  if (sheet) checkDimension(peekEntry(bytes, sheet).toString('latin1'));

  const unpacked = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (unpacked > SHEET_LIMITS.maxUnpackedBytes) {
    throw new SheetError(
      `This workbook unpacks to ${mb(unpacked)} MB; the app reads at most ${mb(SHEET_LIMITS.maxUnpackedBytes)} MB. Split it into smaller files, or save the sheet you need as CSV.`,
    );
  }
  // Every part inflated once within its declared size, so the parser after this never meets a bomb.
  for (const entry of entries) {
    if (entry === sheet) continue;
    if (entry.size > 0 || entry.compressedSize > 0) inflate(entry);
  }
  if (sheet) checkCells(inflate(sheet).toString('latin1'));
}
