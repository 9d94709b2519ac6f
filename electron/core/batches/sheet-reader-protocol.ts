// What the app hands the sheet-reading thread and what it answers (structured clone, both ways).
import type { Sheet } from '../../shared/domain/batch-sheet';

export interface SheetReaderJob {
  bytes: Uint8Array;
  fileName: string;
  sheetName?: string;
}

export type SheetReaderAnswer =
  | { ok: true; sheet: Sheet }
  | { ok: false; message: string; line: number | null }
  | { ok: false; internal: string };
