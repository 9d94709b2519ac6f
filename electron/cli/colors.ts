// Colour for one stream: only on a terminal, and never when NO_COLOR is set (https://no-color.org), so
// pipes, files and CI logs get plain text.
import picocolors from 'picocolors';
import type { Colors } from 'picocolors/types';
import type { CliOutStream } from './cli-io';

export type { Colors };

export function colorsFor(stream: CliOutStream, env: Readonly<Record<string, string | undefined>>): Colors {
  const noColor = env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '';
  return picocolors.createColors(!noColor && stream.isTTY === true);
}
