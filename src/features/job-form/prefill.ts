// Filling the form from an earlier job ("Duplicate into the form"): each value goes back into the field of the
// same id, assets as their address, and the background settings of video jobs come from the job's request.
// Values whose field the project no longer has are named, not dropped silently.
import type { BackgroundValues, JobFormValues } from './form-schema';
import { emptyJobForm } from './form-schema';
import type { FormField } from './field-kinds';
import { assetOf } from '../../../electron/shared/domain/asset-value';

export interface FormPrefill {
  projectId: string;
  /** The job's values as submitted: strings or asset objects. */
  values: Record<string, unknown>;
  background?: BackgroundValues;
  /** Which job it came from, in words, for the note above the form. */
  source: string;
}

export interface PrefilledForm {
  form: JobFormValues;
  /** Ids of values the project has no field for now. */
  unplaced: string[];
}

/** The text a field holds for a value: the string, an asset's address, or (anything else) its JSON. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const asset = assetOf(value);
  if (asset) return asset.url;
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

export function prefilledForm(
  fields: readonly FormField[],
  projectType: string,
  prefill: Pick<FormPrefill, 'values' | 'background'>,
): PrefilledForm {
  const form = emptyJobForm(fields, projectType);
  for (const field of fields) {
    if (Object.hasOwn(prefill.values, field.id)) form.values[field.key] = fieldText(prefill.values[field.id]);
  }
  if (form.background && prefill.background) form.background = { ...prefill.background };
  const known = new Set(fields.map((field) => field.id));
  return { form, unplaced: Object.keys(prefill.values).filter((id) => !known.has(id)) };
}

/** The background settings a video job was sent with (top-level fields of its request), if any. */
export function backgroundOf(input: unknown): BackgroundValues | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const body = input as Record<string, unknown>;
  const { background_music: music, background_volume: volume, background_start: start } = body;
  if (music === undefined && volume === undefined && start === undefined) return undefined;
  return {
    music: typeof music === 'string' ? music : '',
    volume: typeof volume === 'number' ? volume : 0.5,
    start: typeof start === 'number' ? start : 0,
  };
}
