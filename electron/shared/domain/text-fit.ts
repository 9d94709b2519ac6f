// How much text a field shows well, where the project's type makes it known, and the warning past it: the
// one rule the form (its counter), the batch preview and the CLI share. The spec sets no length and says
// the service refuses none, so a longer text is a warning and still goes; the output would cut it.
// The figures come from what the output is: a banner (image) prints its headline large in a few lines and
// its other texts small below it, and a one-page PDF prints each value in a paragraph of a dozen lines
// (the sandbox renders them so: three lines of about 43 characters for a banner's headline, three of about
// 87 for its other texts, twelve of about 90 on the page). Video, talking video and speech take a script
// of any length, so no figure is given for them.

export interface TextFit {
  /** Characters the output shows well. */
  shows: number;
  /** The output, in words: "a banner". */
  output: string;
}

// A field that is the output's big line: its label or id says so.
const TITLE_LIKE = /\b(headline|title|heading)\b/i;

function fitForType(jobType: string, titleLike: boolean): TextFit | null {
  switch (jobType) {
    case 'image':
      return titleLike ? { shows: 60, output: 'a banner' } : { shows: 120, output: 'a banner' };
    case 'pdf':
      return { shows: 1000, output: 'a one-page PDF' };
    default:
      return null;
  }
}

/** What a text field of this job type shows well, or null when nothing is known. */
export function textFitOf(jobType: string, field: { id: string; label: string }): TextFit | null {
  const titleLike = TITLE_LIKE.test(field.label) || TITLE_LIKE.test(field.id.replace(/[_-]+/g, ' '));
  return fitForType(jobType, titleLike);
}

// One segmenter for every count: a sheet of 10,000 rows counts tens of thousands of cells.
let graphemes: Intl.Segmenter | null = null;

/** Characters as a person counts them (an emoji or an accented letter is one), not UTF-16 units. */
export function characterCount(text: string): number {
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  let count = 0;
  for (const _segment of graphemes.segment(text)) count++;
  return count;
}

const number = (value: number) => new Intl.NumberFormat('en').format(value);

/** The warning for a text longer than its field shows well, naming the field; null when it fits. */
export function lengthWarning(label: string, text: string, fit: TextFit | null): string | null {
  if (!fit) return null;
  const count = characterCount(text.trim());
  if (count <= fit.shows) return null;
  return `${label}: ${number(count)} characters; ${fit.output} shows about ${number(fit.shows)} well. Shorten it or it will be cut.`;
}
