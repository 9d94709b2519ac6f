// The rules a text or colour field's value meets before it is sent, in one place for the form, the batch
// preview and the CLI: a colour must be one (an error: the service would render another), a text longer
// than its output shows well is said (a warning: the service takes it, and cuts it). Also what is sent: a
// colour as `#rrggbb`, any other text as typed.
import { colourHex, colourProblem } from './colour';
import { lengthWarning, textFitOf } from './text-fit';

/** The kinds a value is typed as; assets and the background settings have rules of their own. */
export type RuledKind = 'text' | 'color' | 'unknown';

export interface RuledField {
  id: string;
  label: string;
  kind: string;
}

export interface ValueCheck {
  /** Stops the job (the form's field error, a batch row left out, `jrs submit` exit 2). */
  error: string | null;
  /** Said, and the job still goes. */
  warning: string | null;
}

const isRuled = (kind: string): kind is RuledKind =>
  kind === 'text' || kind === 'color' || kind === 'unknown';

export function checkFieldValue(jobType: string, field: RuledField, text: string): ValueCheck {
  if (!isRuled(field.kind)) return { error: null, warning: null };
  if (field.kind === 'color') return { error: colourProblem(field.label, text), warning: null };
  return { error: null, warning: lengthWarning(field.label, text, textFitOf(jobType, field)) };
}

/** The value the service is sent for a typed field: a colour as `#rrggbb`, anything else as it is. */
export function valueToSend(kind: string, text: string): string {
  if (kind !== 'color') return text;
  return colourHex(text) ?? text;
}
