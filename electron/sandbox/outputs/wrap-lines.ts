// Line wrapping for fixed-size canvases (the PNG and the PDF page), measured by the caller's font.

/** Greedy word wrap that also breaks words wider than a line; a cut is marked with "...". */
export function wrapLines(
  text: string,
  width: number,
  maxLines: number,
  measure: (line: string) => number,
): string[] {
  const lines: string[] = [];
  let line = '';
  let truncated = false;
  outer: for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const character of word) {
      if (lines.length >= maxLines) {
        truncated = true;
        break outer;
      }
      if (line && measure(line + character) > width) {
        lines.push(line);
        line = '';
        if (lines.length >= maxLines) {
          truncated = true;
          break outer;
        }
      }
      line += character;
    }
  }
  if (line) lines.push(line);
  if (truncated && lines.length > 0) {
    let last = lines[lines.length - 1] ?? '';
    while (last && measure(`${last}...`) > width) last = Array.from(last).slice(0, -1).join('');
    lines[lines.length - 1] = `${last.trimEnd()}...`;
  }
  return lines;
}
