// The import wizard: choose a project, a spreadsheet and its files; then check the preview (mapping, every
// row's problems, fixes, rows left out, the file dropped again or more files) and submit it as a batch.
import { useEffect } from 'react';
import { useDropzone } from 'react-dropzone';
import { api } from '../../../lib/api';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ChooseFiles } from './ChooseFiles';
import { useImportStore } from './import-store';
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
      const sheet = accepted.find((file) => /\.(csv|tsv|txt|xlsx|xls)$/i.test(file.name));
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
          <p className="import-note">
            {preview.sheet.rows.length} rows read ({preview.sheet.encoding}
            {preview.sheet.separator
              ? `, separated by ${preview.sheet.separator === '\t' ? 'tabs' : `“${preview.sheet.separator}”`}`
              : ''}
            ), {preview.files.count} files dropped
            {preview.files.unused.length > 0
              ? `, ${preview.files.unused.length} used by no row (${preview.files.unused.slice(0, 5).join(', ')}${preview.files.unused.length > 5 ? '…' : ''})`
              : ''}
            . Drop the fixed sheet again, or more files, anywhere here.
            {busy ? ' Checking…' : ''}
          </p>
          {preview.staleFixes.length > 0 ? (
            <p className="import-warning">
              {preview.staleFixes.length} earlier fixes no longer apply (their rows changed in the new file).
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
