// Which column fills each field, changed by the person: a column of the sheet, the same value for every
// row, or nothing. Fields and columns that matched nothing are said.
import { useState } from 'react';
import type { ImportPreview } from '../../../../electron/shared/domain/batch-import';
import type { FieldSource } from '../../../../electron/shared/domain/batch-sheet';
import { useImportStore } from './import-store';

function sourceValue(source: FieldSource | undefined): string {
  if (!source || source.from === 'none') return 'none';
  return source.from === 'constant' ? 'constant' : `column:${source.column}`;
}

function ConstantInput({ field, value }: { field: string; value: string }): React.JSX.Element {
  const [text, setText] = useState(value);
  const commit = () => {
    if (text !== value)
      void useImportStore.getState().update({ mapping: { [field]: { from: 'constant', value: text } } });
  };
  return (
    <input
      className="input import-constant"
      aria-label="The value for every row"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), commit())}
    />
  );
}

export function MappingTable({ preview }: { preview: ImportPreview }): React.JSX.Element {
  return (
    <div className="import-mapping">
      <table className="mapping-table">
        <caption>
          Fields of {preview.projectName || 'the project'}, and where each row’s value comes from
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {preview.fields.map((field) => {
            const source = preview.mapping[field.id];
            return (
              <tr key={field.id}>
                <th scope="row">
                  {field.label} <span className="tag">{field.kind}</span>
                </th>
                <td>
                  <select
                    className="select"
                    aria-label={`Where ${field.label} comes from`}
                    value={sourceValue(source)}
                    onChange={(event) => {
                      const choice = event.target.value;
                      const next: FieldSource =
                        choice === 'none'
                          ? { from: 'none' }
                          : choice === 'constant'
                            ? { from: 'constant', value: '' }
                            : { from: 'column', column: choice.slice('column:'.length) };
                      void useImportStore.getState().update({ mapping: { [field.id]: next } });
                    }}
                  >
                    {preview.sheet.columns.map((column) => (
                      <option key={column} value={`column:${column}`}>
                        Column “{column}”
                      </option>
                    ))}
                    <option value="constant">The same value for every row…</option>
                    <option value="none">Leave it empty</option>
                  </select>
                  {source?.from === 'constant' ? (
                    <ConstantInput field={field.id} value={source.value} />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {preview.unmatchedColumns.length > 0 ? (
        <p className="import-note">Columns no field uses: {preview.unmatchedColumns.join(', ')}.</p>
      ) : null}
    </div>
  );
}
