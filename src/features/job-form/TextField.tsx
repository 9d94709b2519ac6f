// A text mapping field: one line for short texts (name, headline, CTA…), a text area that grows with what
// is written for the rest, a colour picker beside the text of a colour field, and a character count. A type
// the app does not know is plain text: the service gets text either way, so the person is not told about it.
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import { pickerValue, textForPicked } from './color-text';
import type { FormField } from './field-kinds';
import type { JobFormValues } from './form-schema';

const COLOUR_HINT = 'A colour as the service expects it, e.g. #FF6600, or pick one.';

function characters(count: number): string {
  return count === 1 ? '1 character' : `${new Intl.NumberFormat().format(count)} characters`;
}

export function TextField({
  field,
  error,
}: {
  field: FormField;
  error?: string | undefined;
}): React.JSX.Element {
  const { register, control, setValue } = useFormContext<JobFormValues>();
  const name = `values.${field.key}` as const;
  const value = String(useWatch({ control, name }) ?? '');
  const id = `field-${field.key}`;
  const colour = field.type.kind === 'color';
  const hint = colour ? COLOUR_HINT : null;
  const multiline = field.type.kind === 'text' && field.type.multiline;
  const inputProps = {
    id,
    className: multiline ? 'input textarea textarea-grows' : 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
    ...register(name),
  };
  return (
    <FieldFrame
      id={id}
      label={field.label}
      hint={hint}
      error={error}
      aside={
        colour ? null : (
          <span className="field-count" aria-hidden={value.length === 0 ? true : undefined}>
            {value.length > 0 ? characters(value.length) : ''}
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
    </FieldFrame>
  );
}
