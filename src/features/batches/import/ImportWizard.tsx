// The import wizard: choose a project, a spreadsheet and its files; then check the preview (mapping, every
// row's problems, fixes, rows left out, the file dropped again or more files) and submit it as a batch.
import { notesRowsWords } from '../../../../electron/shared/domain/notes-rows';
import { useEffect } from 'react';
import { useDropzone } from 'react-dropzone';
import type { ImportPreview } from '../../../../electron/shared/domain/batch-import';
import { counted } from '../../../../electron/shared/domain/plural';
import { api } from '../../../lib/api';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ChooseFiles } from './ChooseFiles';
import { isSheetFile, useImportStore } from './import-store';
import { MappingTable } from './MappingTable';
import { PreviewTable } from './PreviewTable';
import { SubmitBar } from './SubmitBar';

export function ImportWizard(): React.JSX.Element {
  const { preview, error, busy } = useImportStore();
  useEffect(() => api().on('imports:progress', (event) => useImportStore.getState().progress(event)), []);
  const again = useDropzone({
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted) => {
      const sheet = accepted.find(isSheetFile);
      const others = accepted.filter((file) => file !== sheet);
      if (sheet) void useImportStore.getState().reimport(sheet);
      if (others.length > 0) void useImportStore.getState().addFiles(others);
    },
  });

  return (
    <section className="import-wizard" aria-labelledby="import-title">
      <h3 id="import-title" className="batch-title">
        {preview ? `New batch from ${preview.fileName}` : 'New batch'}
      </h3>
      {error ? <ErrorNotice title="The sheet could not be used">{error}</ErrorNotice> : null}
      {!preview ? (
        <ChooseFiles />
      ) : (
        <div
          {...again.getRootProps({ className: `import-preview${again.isDragActive ? ' is-dragging' : ''}` })}
        >
          <input {...again.getInputProps()} aria-label="The fixed sheet, or more files" />
          {preview.sheet.sheetNames.length > 1 ? <SheetChooser preview={preview} /> : null}
          <p className="import-note">
            {preview.filesOnly ? (
              <>
                One job per file: {counted(preview.sheet.rows.length, 'file', 'files')}, each going into the
                field that takes “File” below. Drop more files anywhere here, or a spreadsheet to use instead.
              </>
            ) : (
              <>
                {counted(preview.sheet.rows.length, 'row', 'rows')} read ({preview.sheet.encoding}
                {preview.sheet.separator
                  ? `, separated by ${preview.sheet.separator === '\t' ? 'tabs' : `“${preview.sheet.separator}”`}`
                  : ''}
                ), {counted(preview.files.count, 'file', 'files')} dropped
                {preview.files.unused.length > 0
                  ? `, ${preview.files.unused.length} used by no row (${preview.files.unused.slice(0, 5).join(', ')}${preview.files.unused.length > 5 ? '…' : ''})`
                  : ''}
                . Drop the fixed sheet again, or more files, anywhere here.
              </>
            )}
            {busy ? ' Checking…' : ''}
          </p>
          {notesRowsWords(preview.sheet.notesLines) ? (
            <p className="import-note" data-testid="notes-rows">
              {notesRowsWords(preview.sheet.notesLines)}
            </p>
          ) : null}
          {preview.staleFixes.length > 0 ? (
            <p className="import-warning">
              {counted(
                preview.staleFixes.length,
                'earlier fix no longer applies',
                'earlier fixes no longer apply',
              )}{' '}
              (their rows changed in the new file).
            </p>
          ) : null}
          <MappingTable preview={preview} />
          <PreviewTable preview={preview} />
          <SubmitBar key={preview.importId} preview={preview} />
        </div>
      )}
    </section>
  );
}

/** A workbook of several sheets: the one to read (the first, until another is chosen). */
function SheetChooser({ preview }: { preview: ImportPreview }): React.JSX.Element {
  const sheetFile = useImportStore((state) => state.sheetFile);
  const busy = useImportStore((state) => state.busy);
  return (
    <label className="field import-sheet-choice">
      <span className="field-label">Sheet of the workbook</span>
      <select
        className="select"
        value={preview.sheet.sheetName ?? ''}
        disabled={!sheetFile || busy !== null}
        onChange={(event) => {
          if (sheetFile) void useImportStore.getState().reimport(sheetFile, event.target.value);
        }}
      >
        {preview.sheet.sheetNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
