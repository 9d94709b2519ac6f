// Decides how each mapping field is edited: single- or multi-line text, a colour (text with a picker), an
// image, an audio clip, or (for a type the app does not know, or none) plain text: the service gets text.
import type { MappingField, MappingFields } from '../api/schemas';

export type FieldKind =
  | { kind: 'text'; multiline: boolean }
  | { kind: 'image' }
  | { kind: 'audio' }
  | { kind: 'color' }
  | { kind: 'unknown'; instructionType: string | null };

export interface FormField {
  /** A safe react-hook-form name (`f0`, `f1`, …): field ids may hold dots or brackets. */
  key: string;
  /** The mapping field id, the key of `values` on submit. */
  id: string;
  label: string;
  type: FieldKind;
}

// Labels of short, one-line texts; every other text gets room to write.
const SHORT_TEXT =
  /\b(name|headline|title|subtitle|subline|tagline|heading|cta|call to action|button|sku|code|id|url|link|e-?mail|phone|colou?r|date|price|label)\b/i;

export function isShortText(id: string, label: string): boolean {
  return SHORT_TEXT.test(label) || SHORT_TEXT.test(id.replace(/[_-]+/g, ' '));
}

export function fieldKind(id: string, field: MappingField): FieldKind {
  const type = field.instructionType?.trim().toLowerCase();
  if (type === 'text') return { kind: 'text', multiline: !isShortText(id, field.label) };
  if (type === 'image') return { kind: 'image' };
  if (type === 'audio') return { kind: 'audio' };
  // "color", "colour", "hex color", "brand_colour"…: a colour written as text, e.g. #ff6600.
  if (type && /colou?r/.test(type)) return { kind: 'color' };
  return { kind: 'unknown', instructionType: field.instructionType?.trim() || null };
}

/** The form's fields, in the order the service lists them. */
export function formFieldsOf(mapping: Pick<MappingFields, 'fields'>): FormField[] {
  return Object.entries(mapping.fields).map(([id, field], index) => ({
    key: `f${index}`,
    id,
    label: field.label.trim() || id,
    type: fieldKind(id, field),
  }));
}
