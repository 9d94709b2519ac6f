// The last step: what would be sent (rows ready, what they may cost against the balance, a warning when it
// would run out), the batch's name and file names, the first N rows only if wanted, and Submit, with the
// uploads' and the writing's progress while it runs.
import { useState } from 'react';
import type { ImportPreview } from '../../../../electron/shared/domain/batch-import';
import { counted, pluralWord } from '../../../../electron/shared/domain/plural';
import { defaultBatchName, issuesWords, submitWords } from '../batch-words';
import { useImportStore } from './import-store';

export function SubmitBar({ preview }: { preview: ImportPreview }): React.JSX.Element {
  const busy = useImportStore((state) => state.busy);
  const [name, setName] = useState(() => defaultBatchName(preview.fileName));
  const [template, setTemplate] = useState('');
  const [firstRows, setFirstRows] = useState('');
  const limit = Number.parseInt(firstRows, 10);
  const count = Number.isFinite(limit) && limit > 0 ? Math.min(limit, preview.ready) : preview.ready;
  const each = preview.estimate.typical;
  const cost = each === null ? null : count * each;
  const short = cost !== null && preview.balance !== null && cost > preview.balance;
  const errors = preview.issues.filter((issue) => issue.level === 'error').length;
  const warnings = preview.issues.length - errors;

  return (
    <form
      className="import-submit"
      onSubmit={(event) => {
        event.preventDefault();
        void useImportStore.getState().submit({
          name,
          nameTemplate: template.trim() || null,
          ...(Number.isFinite(limit) && limit > 0 ? { firstRows: limit } : {}),
        });
      }}
    >
      <p className="import-summary" aria-live="polite">
        <strong>{count}</strong> of {counted(preview.sheet.rows.length, 'row', 'rows')}{' '}
        {pluralWord(count, 'becomes a job', 'will become jobs')}. {issuesWords(errors, warnings)}
        {cost !== null
          ? `Expected cost: about ${cost.toLocaleString('en')} credits (${each} each, from this project’s history)`
          : 'The cost is not known yet (no finished job of this project)'}
        {preview.balance !== null ? `; balance ${preview.balance.toLocaleString('en')}.` : '.'}
      </p>
      {short ? (
        <p className="import-warning" role="alert">
          The balance may run out before the batch is done: submit fewer rows (below), or add credits first.
        </p>
      ) : null}
      {!preview.uploads.available ? (
        <p className="import-note">{preview.uploads.reason} The sheet must carry web addresses.</p>
      ) : null}
      <div className="import-submit-fields">
        <label className="field">
          <span className="field-label">Batch name</span>
          <input
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={200}
          />
        </label>
        <label className="field">
          <span className="field-label">File names (optional)</span>
          <input
            className="input"
            value={template}
            placeholder="{batch}/{row.index} {row.name}.{ext}"
            onChange={(event) => setTemplate(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field-label">Only the first rows</span>
          <input
            className="input"
            inputMode="numeric"
            value={firstRows}
            placeholder="All"
            onChange={(event) => setFirstRows(event.target.value)}
          />
        </label>
      </div>
      {busy?.stage === 'uploading' && busy.total > 0 ? (
        <div className="import-uploads">
          <progress aria-label="Files uploaded" value={busy.done} max={busy.total} />
          {busy.note ? (
            <p className="import-note" role="status">
              {busy.note}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="import-actions">
        <button type="button" className="btn btn-ghost" onClick={() => useImportStore.getState().close()}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={count === 0 || busy !== null}>
          {busy?.stage === 'uploading'
            ? `Uploading ${busy.done} of ${counted(busy.total, 'file', 'files')}…`
            : busy?.stage === 'writing'
              ? 'Writing the rows…'
              : submitWords(count)}
        </button>
      </div>
    </form>
  );
}
