// Before a sheet is dropped: the columns the chosen project's sheet is expected to have, each with what it
// takes, and its sample sheet (CSV or Excel: the columns, an example row and a notes row) saved where the
// person says (a save dialog in the app; the Downloads folder in a browser, said with its path).
import { useEffect, useState } from 'react';
import type { SampleColumn } from '../../../../electron/shared/domain/batch-import';
import { api, call, failureMessage } from '../../../lib/api';

/** Keyed by the project (its state starts afresh when another is chosen). */
export function ExpectedColumns({ projectId }: { projectId: string }): React.JSX.Element {
  const [columns, setColumns] = useState<{ id: string; columns: SampleColumn[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    call(() => api().imports.columns({ projectId })).then(
      (found) => live && setColumns({ id: projectId, columns: found }),
      (failure: unknown) => live && setError(failureMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [projectId]);
  const save = async (format: 'csv' | 'xlsx') => {
    setSaving(true);
    setError(null);
    try {
      const { path } = await call(() => api().imports.saveSample({ projectId, format }));
      setSaved(
        path ? `Saved the sample sheet to ${path}. Fill in one row per job, then drop it here.` : null,
      );
    } catch (failure) {
      setError(`The sample sheet could not be saved: ${failureMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  };
  const shown = columns?.id === projectId ? columns.columns : null;
  return (
    <section className="import-columns" aria-labelledby="import-columns-title">
      <h4 id="import-columns-title" className="import-columns-title">
        Columns this project’s sheet is expected to have
      </h4>
      {shown ? (
        <table className="mapping-table import-columns-table">
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">What it takes</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((column) => (
              <tr key={column.header}>
                <th scope="row">{column.header}</th>
                <td>{column.expects}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : error ? null : (
        <p className="import-note">Reading the project’s fields…</p>
      )}
      <p className="import-note">
        The header row names the columns; a column may also be called by the field’s id. A row whose first
        cell starts with “# ” is a note, not a job.
      </p>
      <div className="import-actions import-sample-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={saving}
          onClick={() => void save('csv')}
        >
          Sample sheet (CSV)
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={saving}
          onClick={() => void save('xlsx')}
        >
          Sample sheet (Excel)
        </button>
      </div>
      <div aria-live="polite">{saved ? <p className="import-note">{saved}</p> : null}</div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
