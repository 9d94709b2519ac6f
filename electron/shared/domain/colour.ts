// The one rule for a colour field's value, used by the form, the batch preview and the CLI alike: a hex code
// (#rgb or #rrggbb; six digits may come without the #, as spreadsheets often drop it) or one of the 148 CSS
// colour names (CSS Color Module Level 4, any case, spaces or hyphens inside ignored: "Light Blue"). The
// service is sent `#rrggbb` in lower case, since a name it does not know renders black ("teal" did).
// #rgba/#rrggbbaa are refused in words: the spec names no transparency, and `#rrggbb` cannot carry it.
import colourNames from 'color-name';

export type ColourReading =
  { kind: 'colour'; hex: string } | { kind: 'transparent'; hex: string } | { kind: 'not-a-colour' };

const HEX_WITH_HASH = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const HEX_WITHOUT_HASH = /^[0-9a-f]{6}$/i;
const HEX_WITH_ALPHA = /^(?:#([0-9a-f]{4}|[0-9a-f]{8})|([0-9a-f]{8}))$/i;

const byName = new Map<string, string>(Object.entries(colourNames).map(([name, rgb]) => [name, rgbHex(rgb)]));

function rgbHex(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** `abc` → `aabbcc`: each digit of a short code doubled. */
function longDigits(digits: string): string {
  return digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
}

/** What a colour field's text names. */
export function readColour(text: string): ColourReading {
  const trimmed = text.trim();
  const hex = HEX_WITH_HASH.exec(trimmed)?.[1] ?? (HEX_WITHOUT_HASH.test(trimmed) ? trimmed : null);
  if (hex !== null) return { kind: 'colour', hex: `#${longDigits(hex).toLowerCase()}` };
  const named = byName.get(trimmed.toLowerCase().replace(/[\s_-]+/g, ''));
  if (named !== undefined) return { kind: 'colour', hex: named };
  const match = HEX_WITH_ALPHA.exec(trimmed);
  const alpha = match?.[1] ?? match?.[2];
  if (alpha !== undefined) {
    return { kind: 'transparent', hex: `#${longDigits(alpha).slice(0, 6).toLowerCase()}` };
  }
  return { kind: 'not-a-colour' };
}

/** The `#rrggbb` (lower case) the service is sent, or null when the text names no colour. */
export function colourHex(text: string): string | null {
  const reading = readColour(text);
  return reading.kind === 'colour' ? reading.hex : null;
}

/** Every CSS colour name the rule knows, lower case. */
export function colourNameList(): string[] {
  return [...byName.keys()];
}

/**
 * What is wrong with a colour field's text, in words naming the field, or null when it is a colour or empty
 * (an empty field is the empty-fields question's, not this rule's).
 */
export function colourProblem(label: string, text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const reading = readColour(trimmed);
  if (reading.kind === 'colour') return null;
  if (reading.kind === 'transparent') {
    return `${label}: “${trimmed}” has transparency, which a colour field cannot take. Use ${reading.hex} (the same colour, solid).`;
  }
  return `${label}: “${trimmed}” is not a colour. Use a colour name like teal or a code like #1a7f5a.`;
}
