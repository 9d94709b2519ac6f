// A text mapping field: one line for short texts (name, headline, CTA…), a text area that grows with what
// is written for the rest, a character count ("42 / 60" and a warning past it where the project's type says
// what its output shows well), and for a colour field a swatch of what the text names (a code or a CSS
// colour name) with the code that is sent, beside a picker. A type the app does not know is plain text: the
// service gets text either way, so the person is not told about it. The rules are the ones the batch preview
// and the CLI use (electron/shared/domain/field-value-rules.ts).
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import { checkFieldValue } from '../../../electron/shared/domain/field-value-rules';
import { characterCount, textFitOf } from '../../../electron/shared/domain/text-fit';
import { pickerValue, textForPicked } from './color-text';
import type { FormField } from './field-kinds';
import type { JobFormValues } from './form-schema';

const COLOUR_HINT = 'A colour name like teal, or a code like #1a7f5a; or pick one.';

const number = (count: number) => new Intl.NumberFormat().format(count);

function characters(count: number): string {
  return count === 1 ? '1 character' : `${number(count)} characters`;
}

/** The swatch of the colour the text names and the code sent, or "Not a colour" (nothing while empty). */
function ColourSample({ text }: { text: string }): React.JSX.Element | null {
  if (text.trim() === '') return null;
  const hex = pickerValue(text);
  return (
    <span className={`colour-sample${hex ? '' : ' colour-sample-none'}`} data-testid="colour-sample">
      <span className="colour-swatch" aria-hidden="true" style={hex ? { backgroundColor: hex } : undefined} />
      {hex ? <code>{hex}</code> : 'Not a colour'}
    </span>
  );
}

export function TextField({
  field,
  projectType,
  error,
}: {
  field: FormField;
  /** The project's type: what its output shows well depends on it. */
  projectType: string;
  error?: string | undefined;
}): React.JSX.Element {
  const { register, control, setValue } = useFormContext<JobFormValues>();
  const name = `values.${field.key}` as const;
  const value = String(useWatch({ control, name }) ?? '');
  const id = `field-${field.key}`;
  const colour = field.type.kind === 'color';
  const hint = colour ? COLOUR_HINT : null;
  const multiline = field.type.kind === 'text' && field.type.multiline;
  const fit = colour ? null : textFitOf(projectType, field);
  const count = characterCount(value);
  const warning = error
    ? null
    : checkFieldValue(projectType, { ...field, kind: field.type.kind }, value).warning;
  const warningId = `${id}-warning`;
  const described = [describedBy(id, { hint, error }), warning ? warningId : null].filter(Boolean).join(' ');
  const inputProps = {
    id,
    className: multiline ? 'input textarea textarea-grows' : 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    ...register(name),
  };
  return (
    <FieldFrame
      id={id}
      label={field.label}
      hint={hint}
      error={error}
      aside={
        colour ? (
          <ColourSample text={value} />
        ) : fit ? (
          <span
            className={`field-count${count > fit.shows ? ' field-count-over' : ''}`}
            data-testid={`count-${field.key}`}
            aria-hidden="true"
          >
            {number(count)} / {number(fit.shows)}
          </span>
        ) : (
          <span className="field-count" aria-hidden={count === 0 ? true : undefined}>
            {count > 0 ? characters(count) : ''}
          </span>
        )
      }
    >
      {multiline ? (
        <textarea rows={3} {...inputProps} />
      ) : colour ? (
        <div className="colour-row">
          <input type="text" autoComplete="off" spellCheck={false} {...inputProps} />
          <input
            type="color"
            className="colour-picker"
            aria-label="Pick a colour"
            aria-describedby={`${id}-label`}
            value={pickerValue(value) ?? '#000000'}
            onChange={(event) =>
              setValue(name, textForPicked(event.target.value, value), {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
          />
        </div>
      ) : (
        <input type="text" autoComplete="off" {...inputProps} />
      )}
      {warning ? (
        <p className="field-warning" id={warningId}>
          <span aria-hidden="true">! </span>
          {warning}
        </p>
      ) : null}
    </FieldFrame>
  );
}
