// Counts in words with the right plural form ("1 row", "2 rows", never "row(s)"), chosen by the English
// plural rules of Intl.PluralRules; shared by the CLI and the renderer.
const RULES = new Intl.PluralRules('en');
// One formatter for every count: toLocaleString() builds a new one each call, a cost the queue paid
// several times a frame while a thousand jobs changed.
const NUMBERS = new Intl.NumberFormat('en');

/** The word's form for this count: `one` for 1, `other` otherwise (0 rows, 2 rows). */
export function pluralWord(count: number, one: string, other: string): string {
  return RULES.select(count) === 'one' ? one : other;
}

/** The count and its word: "1 row", "1,204 rows". */
export function counted(count: number, one: string, other: string): string {
  return `${NUMBERS.format(count)} ${pluralWord(count, one, other)}`;
}
