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
}

export interface ImportState {
  preview: ImportPreview | null;
  busy: ImportProgress | null;
  error: string | null;
  open(projectId: string, sheet: File, files: readonly File[]): Promise<void>;
  update(changes: { mapping?: ColumnMapping; fixes?: RowFix[]; excluded?: string[] }): Promise<void>;
  reimport(sheet: File): Promise<void>;
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
    open: (projectId, sheet, files) =>
      attempt(async () => {
        const [sheetFile, ...others] = await Promise.all([sheet, ...files].map(toImportFile));
        if (!sheetFile) return;
        const preview = await call(() => api().imports.open({ projectId, sheet: sheetFile, files: others }));
        set({ preview });
      }),
    update: (changes) =>
      attempt(async () => {
        set({ preview: await call(() => api().imports.update({ importId: importId(), ...changes })) });
      }),
    reimport: (sheet) =>
      attempt(async () => {
        const file = await toImportFile(sheet);
        set({ preview: await call(() => api().imports.reimport({ importId: importId(), sheet: file })) });
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
        set({ busy: { stage: event.stage, done: event.done, total: event.total } });
    },
    close() {
      const id = importId();
      if (id) void api().imports.close({ importId: id });
      set({ preview: null, error: null, busy: null });
      useBatchesStore.getState().closeImport();
    },
  };
});
