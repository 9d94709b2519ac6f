// Everything a command says: for people, lines and tables on stdout and notes on stderr (coloured on a
// terminal); with --json, one JSON object per line on stdout for scripts, and still the notes on stderr.
import type { CliIo } from './cli-io';
import { colorsFor, type Colors } from './colors';
import type { JsonRecord } from './records/json-record';
import { formatTable } from './table';

export class Output {
  /** Colours of stdout (tables) and stderr (notes, warnings, errors). */
  readonly out: Colors;
  readonly err: Colors;

  constructor(
    private readonly io: CliIo,
    readonly json: boolean,
    private readonly verbose = false,
  ) {
    this.out = colorsFor(io.stdout, io.env);
    this.err = colorsFor(io.stderr, io.env);
  }

  /** Whether stderr is a terminal (progress bars are drawn only there). */
  get interactive(): boolean {
    return this.io.stderr.isTTY === true;
  }

  /** One object on one line of stdout, with --json only: one of the records `jrs schema` describes. */
  record(record: JsonRecord): void {
    if (this.json) this.io.stdout.write(`${JSON.stringify(record)}\n`);
  }

  /** A line for people on stdout (not with --json: stdout is the scripts' then). */
  line(text = ''): void {
    if (!this.json) this.io.stdout.write(`${text}\n`);
  }

  table(headers: readonly string[], rows: readonly string[][]): void {
    if (this.json) return;
    const lines = formatTable(
      headers.map((header) => this.out.bold(header)),
      rows,
      this.io.stdout.columns,
    );
    for (const line of lines) this.io.stdout.write(`${line}\n`);
  }

  /** Progress and explanations for people, on stderr (so they never mix with --json). */
  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }

  warn(text: string): void {
    this.io.stderr.write(`${this.err.yellow(text)}\n`);
  }

  /** The core's own log lines, with --verbose only. */
  debug(text: string): void {
    if (this.verbose) this.io.stderr.write(`${this.err.dim(text)}\n`);
  }

  error(message: string, hint?: string): void {
    this.io.stderr.write(`${this.err.red(`error: ${message}`)}\n`);
    if (hint) this.io.stderr.write(`${hint}\n`);
  }
}
