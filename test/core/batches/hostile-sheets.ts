// Spreadsheets written here byte by byte, small on disk whatever they hold: an .xlsx is a zip of XML parts,
// so a sheet of millions of cells (or one that only says it has them) costs a few hundred KB compressed.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** What the central directory says the part inflates to (a lie, when set). */
  declaredSize?: number;
}

/** A zip of the parts, deflated, with its central directory (ZIP 2.0, no zip64). */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const packed = deflateRawSync(data, { level: 1 });
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export interface SheetShape {
  /** Rows of numeric cells, `columns` wide (the first row is the header's numbers too). */
  rows: number;
  columns: number;
  /** The `<dimension ref>` written, or none; the true range by default. */
  dimension?: string | null;
  /** Write each cell's `r` attribute (Excel does; many writers do not). */
  references?: boolean;
}

/**
 * The XML of one worksheet of numeric cells. Without references every row is the same text, so millions of
 * cells are one fill of a buffer; with them each row is written out.
 */
export function sheetXml(shape: SheetShape): Buffer {
  const ref =
    shape.dimension === undefined ? `A1:${columnName(shape.columns - 1)}${shape.rows}` : shape.dimension;
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      (ref === null ? '' : `<dimension ref="${ref}"/>`) +
      '<sheetData>',
  );
  const tail = Buffer.from('</sheetData></worksheet>');
  if (shape.references === false) {
    const row = `<row>${Array.from({ length: shape.columns }, (_, col) => `<c><v>${col}</v></c>`).join('')}</row>`;
    return Buffer.concat([head, Buffer.alloc(Buffer.byteLength(row) * shape.rows, row), tail]);
  }
  const letters = Array.from({ length: shape.columns }, (_, i) => columnName(i));
  const rows: Buffer[] = [];
  for (let row = 1; row <= shape.rows; row += 1) {
    rows.push(
      Buffer.from(
        `<row r="${row}">${letters.map((letter, col) => `<c r="${letter}${row}"><v>${col}</v></c>`).join('')}</row>`,
      ),
    );
  }
  return Buffer.concat([head, ...rows, tail]);
}

/** A whole .xlsx around worksheets given as XML (named Sheet1, Sheet2…). */
export function xlsxOf(sheets: readonly (Buffer | string)[], edit?: (parts: ZipPart[]) => void): Buffer {
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            (_, i) =>
              `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        sheets.map((_, i) => `<sheet name="Sheet${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join('') +
        '</Relationships>',
    },
    ...sheets.map((data, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data })),
  ];
  edit?.(parts);
  return zipOf(parts);
}
