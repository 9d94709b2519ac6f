// The import wizard's state: the project and the files chosen, the preview core answered with (every row
// checked), what is being done (reading, uploading, writing) and the batch's name, template and size.
import { create } from 'zustand';
import type { ImportPreview, RowFix } from '../../../../electron/shared/domain/batch-import';
import type { ColumnMapping } from '../../../../electron/shared/domain/batch-sheet';
import { api, call, failureMessage } from '../../../lib/api';
import { useBatchesStore } from '../batches-store';
import { toImportFile } from './to-import-file';

export interface ImportProgress {
  stage: 'reading' | 'uploading' | 'writing';
  done: number;
  total: number;
  /** Said while an upload waits to be tried again. */
  note?: string;
}

/** A file of a spreadsheet's kind, by its name (dropped with photos, it is the sheet). */
export const isSheetFile = (file: File) => /\.(csv|tsv|txt|xlsx|xls)$/i.test(file.name);

/** What the first step was given (by hand, or dropped on a project in Create), kept if opening fails. */
export interface ImportDraft {
  projectId: string;
  sheet: File | null;
  files: readonly File[];
}

export interface ImportState {
  preview: ImportPreview | null;
  busy: ImportProgress | null;
  error: string | null;
  draft: ImportDraft | null;
  /** The spreadsheet as last given, to read another of its sheets. */
  sheetFile: File | null;
  /** Without a sheet, every file becomes a row (one job per file). */
  open(projectId: string, sheet: File | null, files: readonly File[]): Promise<void>;
  update(changes: { mapping?: ColumnMapping; fixes?: RowFix[]; excluded?: string[] }): Promise<void>;
  reimport(sheet: File, sheetName?: string): Promise<void>;
  addFiles(files: readonly File[]): Promise<void>;
  submit(options: { name: string; firstRows?: number; nameTemplate: string | null }): Promise<void>;
  progress(
    event: { importId: string } & Omit<ImportProgress, 'stage'> & { stage: 'uploading' | 'writing' },
  ): void;
  close(): void;
}

export const useImportStore = create<ImportState>()((set, get) => {
  /** One request at a time; its failure said in words, the preview kept. */
  const attempt = async (work: () => Promise<void>) => {
    set({ busy: { stage: 'reading', done: 0, total: 0 }, error: null });
    try {
      await work();
    } catch (error) {
      set({ error: failureMessage(error) });
    } finally {
      set({ busy: null });
    }
  };
  const importId = () => get().preview?.importId ?? '';
  return {
    preview: null,
    busy: null,
    error: null,
    draft: null,
    sheetFile: null,
    open: (projectId, sheet, files) =>
      attempt(async () => {
        set({ draft: { projectId, sheet, files }, sheetFile: sheet });
        const [sheetFile, others] = await Promise.all([
          sheet ? toImportFile(sheet) : undefined,
          Promise.all(files.map(toImportFile)),
        ]);
        const preview = await call(() =>
          api().imports.open({ projectId, ...(sheetFile ? { sheet: sheetFile } : {}), files: others }),
        );
        set({ preview, draft: null });
      }),
    update: (changes) =>
      attempt(async () => {
        set({ preview: await call(() => api().imports.update({ importId: importId(), ...changes })) });
      }),
    reimport: (sheet, sheetName) =>
      attempt(async () => {
        const file = await toImportFile(sheet);
        const preview = await call(() =>
          api().imports.reimport({ importId: importId(), sheet: file, ...(sheetName ? { sheetName } : {}) }),
        );
        set({ preview, sheetFile: sheet });
      }),
    addFiles: (files) =>
      attempt(async () => {
        const converted = await Promise.all(files.map(toImportFile));
        set({
          preview: await call(() => api().imports.addFiles({ importId: importId(), files: converted })),
        });
      }),
    submit: (options) =>
      attempt(async () => {
        const batch = await call(() => api().imports.submit({ importId: importId(), ...options }));
        set({ preview: null });
        const batches = useBatchesStore.getState();
        batches.apply({ accountId: batch.accountId, batches: [batch], removed: [] });
        batches.select(batch.id);
      }),
    progress: (event) => {
      if (event.importId === importId())
        set({ busy: { stage: event.stage, done: event.done, total: event.total, note: event.note } });
    },
    close() {
      const id = importId();
      if (id) void api().imports.close({ importId: id });
      set({ preview: null, error: null, busy: null, draft: null, sheetFile: null });
      useBatchesStore.getState().closeImport();
    },
  };
});

/**
 * Files dropped on a project (in Create): the Batches screen opens on a new batch of that project, the
 * spreadsheet among them (if any) read with the others as its files, else one job per file.
 */
export function importDropped(projectId: string, dropped: readonly File[]): void {
  const sheet = dropped.find(isSheetFile) ?? null;
  const files = dropped.filter((file) => file !== sheet);
  useImportStore.getState().close();
  useBatchesStore.getState().openImport();
  void useImportStore.getState().open(projectId, sheet, files);
}
