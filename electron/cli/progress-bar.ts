// A progress bar on stderr, drawn only on a terminal (cli-progress); elsewhere (pipes, CI logs, --json
// readers) it draws nothing and the command says the outcome in lines instead.
import { Presets, SingleBar } from 'cli-progress';
import type { CliIo } from './cli-io';

export class ProgressBar {
  private constructor(private readonly bar: SingleBar | null) {}

  static start(io: CliIo, label: string, total: number, detail = ''): ProgressBar {
    if (io.stderr.isTTY !== true) return new ProgressBar(null);
    const bar = new SingleBar(
      {
        // A terminal's stderr is a real stream: only then is a bar drawn.
        stream: io.stderr as unknown as NodeJS.WritableStream,
        format: `${label} {bar} {value}/{total} {detail}`,
        hideCursor: true,
        clearOnComplete: false,
        etaBuffer: 20,
      },
      Presets.shades_classic,
    );
    bar.start(total, 0, { detail });
    return new ProgressBar(bar);
  }

  update(value: number, total: number, detail = ''): void {
    this.bar?.setTotal(total);
    this.bar?.update(value, { detail });
  }

  stop(): void {
    this.bar?.stop();
  }
}
