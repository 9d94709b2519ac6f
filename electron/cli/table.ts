// A plain text table for people: columns padded to their widest cell, the last one cut to the terminal.
const ESC = String.fromCharCode(27);
const ESCAPES = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

/** The width a cell takes on screen (colour escapes take none). */
function widthOf(text: string): number {
  return [...text.replace(ESCAPES, '')].length;
}

function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/**
 * `headers` and `rows` as lines. `maxWidth` (the terminal's columns) cuts the last column, which is the
 * free text one (a summary of values), so that each row stays on one line.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly string[][],
  maxWidth?: number,
): string[] {
  const widths = headers.map((header, column) =>
    Math.max(widthOf(header), ...rows.map((row) => widthOf(row[column] ?? ''))),
  );
  const render = (cells: readonly string[]) => {
    const padded = cells.map((cell, column) =>
      column === cells.length - 1 ? cell : cell + ' '.repeat((widths[column] ?? 0) - widthOf(cell)),
    );
    const line = padded.join('  ');
    // A coloured line is not cut: an escape cut in half would colour the rest of the terminal.
    return maxWidth && maxWidth > 20 && widthOf(line) > maxWidth && !line.includes(ESC)
      ? cut(line, maxWidth)
      : line;
  };
  return [render(headers), ...rows.map(render)];
}
