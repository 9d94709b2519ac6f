// The wizard's first step: the project, the spreadsheet (CSV, TSV or Excel), and any photos or audio files
// its rows name (a whole folder may be dropped). Nothing is sent anywhere: main reads the files and checks
// every row before the preview is shown.
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { jobTypeLabel } from '../../../lib/job-type-labels';
import { useProjectsStore } from '../../projects/projects-store';
import { ExpectedColumns } from './ExpectedColumns';
import { useImportStore } from './import-store';

const SHEET_TYPES = {
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'text/plain': ['.txt'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
};

export function ChooseFiles(): React.JSX.Element {
  const projects = useProjectsStore((state) => state.projects);
  const busy = useImportStore((state) => state.busy);
  // What was given before, when opening it failed (or it came dropped on a project in Create).
  const draft = useImportStore((state) => state.draft);
  const [projectId, setProjectId] = useState(draft?.projectId ?? '');
  const [sheet, setSheet] = useState<File | null>(draft?.sheet ?? null);
  const [files, setFiles] = useState<File[]>(draft ? [...draft.files] : []);
  const sheetZone = useDropzone({
    multiple: false,
    accept: SHEET_TYPES,
    onDrop: ([first]) => first && setSheet(first),
  });
  const filesZone = useDropzone({
    multiple: true,
    accept: { 'image/*': [], 'audio/*': [] },
    onDrop: (accepted) => setFiles((current) => [...current, ...accepted]),
  });
  const project = projects.find((candidate) => candidate.projectId === projectId);

  return (
    <form
      className="import-choose"
      onSubmit={(event) => {
        event.preventDefault();
        if (project && (sheet || files.length > 0))
          void useImportStore.getState().open(project.projectId, sheet, files);
      }}
    >
      <label className="field">
        <span className="field-label">Project</span>
        <select
          className="select"
          value={projectId}
          onChange={(event) => setProjectId(event.target.value)}
          required
        >
          <option value="">Choose the project the rows are for…</option>
          {projects.map((candidate) => (
            <option key={candidate.projectId} value={candidate.projectId}>
              {candidate.projectName || 'Untitled project'} ({jobTypeLabel(candidate.projectType)})
            </option>
          ))}
        </select>
      </label>
      {project ? <ExpectedColumns key={project.projectId} projectId={project.projectId} /> : null}
      <div className="field">
        <span className="field-label" id="import-sheet-label">
          Spreadsheet
        </span>
        <div
          {...sheetZone.getRootProps({
            className: `dropzone import-drop${sheetZone.isDragActive ? ' is-dragging' : ''}`,
            'aria-labelledby': 'import-sheet-label',
          })}
          data-testid="import-sheet-drop"
        >
          <input
            {...sheetZone.getInputProps()}
            aria-label="Spreadsheet file"
            data-testid="import-sheet-input"
          />
          {sheet ? (
            <p>
              <strong>{sheet.name}</strong> · {(sheet.size / 1024).toFixed(0)} KB. Drop another to replace it.
            </p>
          ) : (
            <p>
              Drop a CSV or Excel file here, or press Enter to choose one. One row per job, a header row on
              top.
            </p>
          )}
        </div>
      </div>
      <div className="field">
        <span className="field-label" id="import-files-label">
          Photos and audio: the ones the rows name, or without a spreadsheet one job per file
        </span>
        <div
          {...filesZone.getRootProps({
            className: `dropzone import-drop${filesZone.isDragActive ? ' is-dragging' : ''}`,
            'aria-labelledby': 'import-files-label',
          })}
          data-testid="import-files-drop"
        >
          <input
            {...filesZone.getInputProps()}
            aria-label="Photos and audio files"
            data-testid="import-files-input"
          />
          {files.length > 0 ? (
            <p>
              {files.length} files. Drop more, or a whole folder.{' '}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={(event) => (event.stopPropagation(), setFiles([]))}
              >
                Clear
              </button>
            </p>
          ) : (
            <p>
              Drop the files or the folder here. Cells may name a file by its name or its path in the folder;
              cells holding web addresses need no file. Without a spreadsheet, each file becomes a job.
            </p>
          )}
        </div>
      </div>
      <div className="import-actions">
        <button type="button" className="btn btn-ghost" onClick={() => useImportStore.getState().close()}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!project || (!sheet && files.length === 0) || busy !== null}
        >
          {busy ? 'Reading…' : sheet ? 'Check the rows' : 'Check the files'}
        </button>
      </div>
    </form>
  );
}
