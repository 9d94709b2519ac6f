// A text mapping field: one line for short texts (name, headline, CTA…), a text area for the rest, and a
// note when the service gave a field type the app does not know (the value is sent as text).
import { useFormContext } from 'react-hook-form';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import type { FormField } from './field-kinds';
import type { JobFormValues } from './form-schema';

function unknownNote(field: FormField): string | null {
  if (field.type.kind !== 'unknown') return null;
  return field.type.instructionType
    ? `Unknown field type “${field.type.instructionType}”: sent as text`
    : 'No field type given: sent as text';
}

export function TextField({
  field,
  error,
}: {
  field: FormField;
  error?: string | undefined;
}): React.JSX.Element {
  const { register } = useFormContext<JobFormValues>();
  const id = `field-${field.key}`;
  const note = unknownNote(field);
  const multiline = field.type.kind === 'text' && field.type.multiline;
  const control = {
    id,
    className: multiline ? 'input textarea' : 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint: note, error }),
    ...register(`values.${field.key}`),
  };
  return (
    <FieldFrame id={id} label={field.label} hint={note} error={error}>
      {multiline ? <textarea rows={4} {...control} /> : <input type="text" autoComplete="off" {...control} />}
    </FieldFrame>
  );
}
