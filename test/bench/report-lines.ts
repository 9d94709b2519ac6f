// What every benchmark prints: aligned tables of figures, then one `target …` line per goal (DESIGN.md's
// convention).

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function target(name: string, measured: string, goal: string, met: boolean): string {
  return `target ${name}: ${measured} (goal ${goal}) ${met ? 'met' : 'missed'}`;
}
