// A team history made by a newer version of the app is read, never written: its tables may have meanings
// this client does not know. The connection is read-only then (the server refuses any write), and the
// store asks here first so the person hears why, in words, instead of a database error.
import { AppError } from '../../kernel/app-error';
import type { SchemaVersion } from './migrate';

export const NEWER_HISTORY_SENTENCE =
  'This team history was made by a newer version of Job Rendering Studio; update the app to write to it.';

/** SQLSTATE read_only_sql_transaction: a write on a read-only connection. */
const READ_ONLY_TRANSACTION = '25006';

export class TeamSchema {
  constructor(readonly schema: SchemaVersion) {}

  /** False when the database's schema is newer than this client knows. */
  get writable(): boolean {
    return this.schema.version <= this.schema.known;
  }

  /** The refusal of a write, with the sentence; reads go on. */
  refusal(cause?: unknown): AppError {
    return new AppError(
      'team-history-newer',
      `${NEWER_HISTORY_SENTENCE} (Its schema is version ${this.schema.version}; this app knows up to ${this.schema.known}. The team's jobs can still be seen.)`,
      cause === undefined ? undefined : { cause },
    );
  }

  /** Before a write: throws the refusal when this client may not write. */
  assertWritable(): void {
    if (!this.writable) throw this.refusal();
  }

  /** A write the server refused because the connection is read-only becomes the refusal in words. */
  explainWriteError(error: unknown): unknown {
    const code = (error as { code?: unknown } | null)?.code;
    return !this.writable && code === READ_ONLY_TRANSACTION ? this.refusal(error) : error;
  }
}
