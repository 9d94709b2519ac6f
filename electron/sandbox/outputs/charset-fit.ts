// Bitmap fonts and PDF standard fonts cover only Latin-1-ish glyphs; this maps the rest onto what the
// font has instead of letting the renderer throw (pdf-lib) or print garbage per UTF-16 unit (jimp).

const DROPPABLE = /^[\p{M}\p{Cf}\p{Emoji_Modifier}]$/u;
// Typographic punctuation that NFKD leaves alone but plain ASCII renders faithfully enough.
const PUNCTUATION: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': ',',
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2022': '*',
  '\u2212': '-',
};

/**
 * Keeps characters the font has, strips accents the font lacks ("ő" → "o"), drops invisible marks and
 * replaces anything else (emoji, Hebrew, CJK…) with `replacement`, one per character.
 */
export function fitToCharset(text: string, has: (character: string) => boolean, replacement = '?'): string {
  let out = '';
  for (const character of text) {
    if (has(character)) {
      out += character;
      continue;
    }
    if (/^\s$/u.test(character)) {
      out += ' ';
      continue;
    }
    const base = PUNCTUATION[character] ?? character.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base !== '' && Array.from(base).every(has)) out += base;
    else if (!DROPPABLE.test(character)) out += replacement;
  }
  return out;
}
