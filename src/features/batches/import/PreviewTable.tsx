// Every row of the sheet before anything is sent, windowed (10,000 rows): whether it goes in the batch (a
// checkbox), its cells with the problems of each marked and said, and a cell fixed in place (Enter or a
// double click edits, Enter keeps, Escape drops the change).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { ImportPreview, RowFix } from '../../../../electron/shared/domain/batch-import';
import type { RowIssue } from '../../../../electron/shared/domain/batch-sheet';
import { useImportStore } from './import-store';

const ROW_HEIGHT = 36;

function EditCell({ text, onDone }: { text: string; onDone(value: string | null): void }): React.JSX.Element {
  const [value, setValue] = useState(text);
  return (
    <input
      className="input preview-edit"
      aria-label="New value"
      autoFocus
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => onDone(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onDone(value);
        if (event.key === 'Escape') onDone(null);
      }}
    />
  );
}

export function PreviewTable({ preview }: { preview: ImportPreview }): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ row: number; column: number } | null>(null);
  const { sheet } = preview;
  const excluded = useMemo(() => new Set(preview.excluded), [preview.excluded]);
  const issuesByRow = useMemo(() => {
    const byRow = new Map<number, RowIssue[]>();
    for (const issue of preview.issues) byRow.set(issue.row, [...(byRow.get(issue.row) ?? []), issue]);
    return byRow;
  }, [preview.issues]);
  /** The column a field's issue belongs to. */
  const columnOfField = useMemo(() => {
    const map = new Map<string, number>();
    for (const [field, source] of Object.entries(preview.mapping)) {
      if (source.from === 'column') map.set(field, sheet.columns.indexOf(source.column));
    }
    return map;
  }, [preview.mapping, sheet.columns]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: sheet.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
  });
  const template = `44px 56px repeat(${sheet.columns.length}, minmax(120px, 1fr)) minmax(220px, 2fr)`;

  const toggle = (key: string) => {
    const next = new Set(excluded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    void useImportStore.getState().update({ excluded: [...next] });
  };
  const fix = (row: number, column: number, to: string) => {
    const rowKey = preview.rowKeys[row] ?? '';
    const name = sheet.columns[column] ?? '';
    const earlier = preview.fixes.find(
      (candidate) => candidate.rowKey === rowKey && candidate.column === name,
    );
    const from = earlier?.from ?? sheet.rows[row]?.[column] ?? '';
    const others = preview.fixes.filter((candidate) => candidate !== earlier);
    const fixes: RowFix[] = to === from ? others : [...others, { rowKey, column: name, from, to }];
    void useImportStore.getState().update({ fixes });
  };

  return (
    <div
      ref={scrollRef}
      className="preview-table"
      role="grid"
      aria-label="Rows of the sheet"
      aria-rowcount={sheet.rows.length + 1}
      aria-colcount={sheet.columns.length + 3}
      tabIndex={0}
    >
      <div className="preview-row preview-head" role="row" style={{ gridTemplateColumns: template }}>
        <div role="columnheader" className="cell">
          In
        </div>
        <div role="columnheader" className="cell">
          Row
        </div>
        {sheet.columns.map((column) => (
          <div key={column} role="columnheader" className="cell">
            {column}
          </div>
        ))}
        <div role="columnheader" className="cell">
          Problems
        </div>
      </div>
      <div className="preview-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = item.index;
          const cells = sheet.rows[row] ?? [];
          const key = preview.rowKeys[row] ?? String(row);
          const issues = issuesByRow.get(row) ?? [];
          const hasError = issues.some((issue) => issue.level === 'error');
          const out = excluded.has(key);
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={row + 2}
              className={`preview-row${hasError ? ' has-error' : ''}${out ? ' is-out' : ''}`}
              style={{
                gridTemplateColumns: template,
                transform: `translateY(${item.start}px)`,
                height: ROW_HEIGHT,
              }}
            >
              <div role="gridcell" className="cell">
                <input
                  type="checkbox"
                  className={`row-check${!out && !hasError ? ' is-checked' : ''}`}
                  checked={!out && !hasError}
                  disabled={hasError}
                  aria-label={`Row ${sheet.lines[row] ?? row + 2} goes in the batch`}
                  onChange={() => toggle(key)}
                />
              </div>
              <div role="gridcell" className="cell preview-line">
                {sheet.lines[row] ?? row + 2}
              </div>
              {cells.map((text, column) => {
                const cellIssues = issues.filter(
                  (issue) => issue.field !== null && columnOfField.get(issue.field) === column,
                );
                const level = cellIssues.some((issue) => issue.level === 'error')
                  ? 'error'
                  : cellIssues.length
                    ? 'warning'
                    : null;
                const isEditing = editing?.row === row && editing.column === column;
                return (
                  <div
                    key={column}
                    role="gridcell"
                    tabIndex={-1}
                    className={`cell preview-cell${level ? ` is-${level}` : ''}`}
                    title={cellIssues.map((issue) => issue.message).join('\n') || text}
                    aria-invalid={level === 'error' ? true : undefined}
                    onDoubleClick={() => setEditing({ row, column })}
                    onKeyDown={(event) => event.key === 'Enter' && !isEditing && setEditing({ row, column })}
                  >
                    {isEditing ? (
                      <EditCell
                        text={text}
                        onDone={(value) => {
                          setEditing(null);
                          if (value !== null && value !== text) fix(row, column, value);
                        }}
                      />
                    ) : (
                      <>
                        {text}
                        <button
                          type="button"
                          className="preview-edit-button"
                          aria-label={`Edit row ${sheet.lines[row] ?? row + 2}, ${sheet.columns[column]}`}
                          onClick={() => setEditing({ row, column })}
                        >
                          ✎
                        </button>
                      </>
                    )}
                  </div>
                );
              })}
              <div
                role="gridcell"
                className="cell preview-problems"
                title={issues.map((issue) => issue.message).join('\n')}
              >
                {issues[0]
                  ? `${issues[0].message}${issues.length > 1 ? ` (+${issues.length - 1})` : ''}`
                  : out
                    ? 'Left out'
                    : ''}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
