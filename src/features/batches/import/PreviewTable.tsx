// Every row of the sheet before anything is sent, windowed (10,000 rows): whether it goes in the batch (a
// checkbox), its cells (cut with "…", the whole value on hover and when focused) with the problems of each
// marked, the Problems column pinned at the right so it shows at any width, and a cell fixed in place in an
// editor wider than its column (Enter or a double click edits, Enter keeps, Escape drops the change). Only
// the rows with problems can be shown, and F8 (or "Next problem") moves to the next cell with one.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ImportPreview, RowFix } from '../../../../electron/shared/domain/batch-import';
import type { RowIssue } from '../../../../electron/shared/domain/batch-sheet';
import { counted } from '../../../../electron/shared/domain/plural';
import { useNavStore } from '../../navigation/nav-store';
import { problemTargets, problemWords, type ProblemTarget } from './preview-problems';
import { useImportStore } from './import-store';

const ROW_HEIGHT = 36;
const CELL_MIN = 140;
const PROBLEMS_MIN = 220;

function EditCell({ text, onDone }: { text: string; onDone(value: string | null): void }): React.JSX.Element {
  const [value, setValue] = useState(text);
  return (
    <textarea
      className="input preview-edit"
      aria-label="New value"
      autoFocus
      rows={3}
      value={value}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => onDone(value)}
      onKeyDown={(event) => {
        // Enter keeps (Shift+Enter starts a new line in the value); Escape drops the change.
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          onDone(value);
        }
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone(null);
        }
      }}
    />
  );
}

export function PreviewTable({ preview }: { preview: ImportPreview }): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ row: number; column: number } | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  /** The cell to focus once it is drawn (the virtualizer draws only the rows in view). */
  const [pendingFocus, setPendingFocus] = useState<ProblemTarget | null>(null);
  /** What the focused cell holds, said in full under the table. */
  const [focused, setFocused] = useState<{ row: number; column: number | null } | null>(null);
  const { sheet } = preview;
  const lineOf = (row: number) => sheet.lines[row] ?? row + 2;
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
  const targets = useMemo(
    () => problemTargets(preview.issues, columnOfField),
    [preview.issues, columnOfField],
  );
  /** The rows shown, by their index in the sheet. */
  const shown = useMemo(
    () =>
      onlyProblems
        ? sheet.rows.flatMap((_cells, row) => (issuesByRow.has(row) ? [row] : []))
        : sheet.rows.map((_cells, row) => row),
    [onlyProblems, sheet.rows, issuesByRow],
  );
  const rowsWithProblems = issuesByRow.size;
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
  });
  const template = `44px 56px repeat(${sheet.columns.length}, minmax(${CELL_MIN}px, 1fr)) minmax(${PROBLEMS_MIN}px, 1.5fr)`;
  const minWidth = 44 + 56 + sheet.columns.length * CELL_MIN + PROBLEMS_MIN;

  /** Moves focus to the next (or previous) problem; false when there is none. */
  const jump = (step: 1 | -1): boolean => {
    if (targets.length === 0) return false;
    const current = focused ?? pendingFocus;
    const at = (target: ProblemTarget) => target.row * 10_000 + (target.column ?? 9_999);
    const here = current ? at({ row: current.row, column: current.column }) : -1;
    const next =
      step === 1
        ? (targets.find((target) => at(target) > here) ?? targets[0])
        : ([...targets].reverse().find((target) => at(target) < here) ?? targets.at(-1));
    if (!next) return false;
    const index = shown.indexOf(next.row);
    if (index === -1) return false;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setPendingFocus(next);
    return true;
  };
  const jumpRef = useRef(jump);
  jumpRef.current = jump;

  // F8 / Shift+F8: the next or previous problem, from anywhere on the Batches screen while the preview shows.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || useNavStore.getState().screen !== 'batches') return;
      event.preventDefault();
      jumpRef.current(event.shiftKey ? -1 : 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A fix that clears a row's last problem takes the row out of "only rows with problems", and the focused
  // cell with it: focus goes on to the next problem (or to the filter when none is left), never to the page.
  const filterRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focused || shown.includes(focused.row)) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (!jumpRef.current(1)) filterRef.current?.focus();
    setFocused(null);
  }, [shown, focused]);

  const items = virtualizer.getVirtualItems();
  /** Which rows are drawn: the cell waited for may have just come into view. */
  const drawn = `${items[0]?.index ?? -1}-${items.at(-1)?.index ?? -1}`;
  useEffect(() => {
    if (!pendingFocus) return;
    const key = `${pendingFocus.row}:${pendingFocus.column ?? 'problems'}`;
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${key}"]`);
    if (!cell) return;
    cell.focus();
    cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    setPendingFocus(null);
  }, [pendingFocus, drawn]);

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

  const focusedIssues = focused ? (issuesByRow.get(focused.row) ?? []) : [];
  const focusedValue =
    focused && focused.column !== null ? (sheet.rows[focused.row]?.[focused.column] ?? '') : null;

  return (
    <div className="preview-area">
      <div className="preview-tools" role="toolbar" aria-label="Rows shown">
        <label className="checkbox preview-only-problems">
          <input
            type="checkbox"
            ref={filterRef}
            checked={onlyProblems}
            disabled={rowsWithProblems === 0 && !onlyProblems}
            onChange={(event) => setOnlyProblems(event.target.checked)}
          />
          Only rows with problems ({rowsWithProblems.toLocaleString('en')})
        </label>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={targets.length === 0}
          aria-keyshortcuts="F8"
          onClick={() => jump(1)}
        >
          Next problem <kbd>F8</kbd>
        </button>
        <span className="preview-tools-note">
          {targets.length === 0
            ? 'No problems.'
            : `${counted(targets.length, 'cell or row', 'cells or rows')} to look at; Shift+F8 goes back.`}
        </span>
      </div>
      <div
        ref={scrollRef}
        className="preview-table"
        role="grid"
        aria-label="Rows of the sheet"
        aria-rowcount={shown.length + 1}
        aria-colcount={sheet.columns.length + 3}
        tabIndex={0}
      >
        <div
          className="preview-row preview-head"
          role="row"
          style={{ gridTemplateColumns: template, minWidth }}
        >
          <div role="columnheader" className="cell">
            In
          </div>
          <div role="columnheader" className="cell">
            Row
          </div>
          {sheet.columns.map((column) => (
            <div key={column} role="columnheader" className="cell" title={column}>
              {column}
            </div>
          ))}
          <div role="columnheader" className="cell preview-problems">
            Problems
          </div>
        </div>
        <div className="preview-body" style={{ height: virtualizer.getTotalSize(), minWidth }}>
          {items.map((item) => {
            const row = shown[item.index] ?? 0;
            const cells = sheet.rows[row] ?? [];
            const key = preview.rowKeys[row] ?? String(row);
            const issues = issuesByRow.get(row) ?? [];
            const hasError = issues.some((issue) => issue.level === 'error');
            const out = excluded.has(key);
            const isEditingRow = editing?.row === row;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                className={`preview-row${hasError ? ' has-error' : ''}${out ? ' is-out' : ''}${isEditingRow ? ' is-editing' : ''}`}
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
                    aria-label={`Row ${lineOf(row)} goes in the batch`}
                    onChange={() => toggle(key)}
                  />
                </div>
                <div role="gridcell" className="cell preview-line">
                  {lineOf(row)}
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
                  const isEditing = isEditingRow && editing.column === column;
                  const said = cellIssues.map((issue) => issue.message).join('\n');
                  return (
                    <div
                      key={column}
                      role="gridcell"
                      tabIndex={-1}
                      data-cell={`${row}:${column}`}
                      className={`cell preview-cell${level ? ` is-${level}` : ''}${isEditing ? ' is-editing' : ''}`}
                      title={said ? `${text}\n\n${said}` : text}
                      aria-invalid={level === 'error' ? true : undefined}
                      onFocus={() => setFocused({ row, column })}
                      onDoubleClick={() => setEditing({ row, column })}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' && !isEditing && event.target === event.currentTarget) {
                          event.preventDefault();
                          setEditing({ row, column });
                        }
                      }}
                    >
                      {isEditing ? (
                        <EditCell
                          text={text}
                          onDone={(value) => {
                            setEditing(null);
                            setPendingFocus({ row, column });
                            if (value !== null && value !== text) fix(row, column, value);
                          }}
                        />
                      ) : (
                        <>
                          <span className="cell-text">{text}</span>
                          <button
                            type="button"
                            className="preview-edit-button"
                            aria-label={`Edit row ${lineOf(row)}, ${sheet.columns[column]}`}
                            onFocus={() => setFocused({ row, column })}
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
                  tabIndex={-1}
                  data-cell={`${row}:problems`}
                  className="cell preview-problems"
                  title={issues.map((issue) => issue.message).join('\n')}
                  onFocus={() => setFocused({ row, column: null })}
                >
                  <span className="cell-text">
                    {issues.length ? problemWords(issues) : out ? 'Left out' : ''}
                  </span>
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <p className="preview-focus" aria-live="polite" data-testid="preview-focus">
        {focused ? (
          <>
            <strong>
              Row {lineOf(focused.row)}
              {focused.column !== null ? `, ${sheet.columns[focused.column] ?? ''}` : ''}
            </strong>
            {focusedValue !== null ? `: ${focusedValue || '(empty)'}` : ''}
            {focusedIssues.length > 0
              ? ` — ${focusedIssues.map((issue) => issue.message).join(' ')}`
              : focusedValue === null
                ? ': no problem.'
                : ''}
          </>
        ) : (
          'Focus a cell to read its whole value here. Enter edits it.'
        )}
      </p>
    </div>
  );
}
