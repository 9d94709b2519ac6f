// Cells that name a dropped file, matched to it: by its path in the dropped folder or by its name, without
// regard to case, `./`, backslashes or spaces around; a name two files share is ambiguous (the folder must
// be written too). Cells holding a web address are used as they are.
export interface DroppedFile {
  /** Its path inside the dropped folder with `/` (`photos/anna.png`), or its name. */
  relativePath: string;
  size: number;
  /** Its first bytes, to check what it really is. */
  head: Uint8Array;
}

export type CellValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'url'; url: string }
  | { kind: 'file'; file: DroppedFile }
  | { kind: 'missing'; name: string }
  | { kind: 'ambiguous'; name: string; candidates: string[] };

const normalizePath = (text: string) =>
  text
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/|\/)+/, '')
    .toLowerCase();
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export class FileIndex {
  private readonly byPath = new Map<string, DroppedFile>();
  private readonly byName = new Map<string, DroppedFile[]>();

  constructor(readonly files: readonly DroppedFile[]) {
    for (const file of files) {
      const path = normalizePath(file.relativePath);
      this.byPath.set(path, file);
      const name = baseName(path);
      this.byName.set(name, [...(this.byName.get(name) ?? []), file]);
    }
  }

  find(cell: string): CellValue {
    const path = normalizePath(cell);
    const exact = this.byPath.get(path);
    if (exact) return { kind: 'file', file: exact };
    // A path whose folders differ from the dropped ones still matches by its name, if only one file has it.
    const named = this.byName.get(baseName(path)) ?? [];
    if (named.length === 1 && named[0]) return { kind: 'file', file: named[0] };
    if (named.length > 1) {
      return { kind: 'ambiguous', name: cell.trim(), candidates: named.map((file) => file.relativePath) };
    }
    return { kind: 'missing', name: cell.trim() };
  }
}

/** What a cell of an image or audio field points at. */
export function resolveAssetCell(cell: string, files: FileIndex): CellValue {
  const text = cell.trim();
  if (text === '') return { kind: 'empty' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { kind: 'url', url: text };
  return files.find(text);
}
