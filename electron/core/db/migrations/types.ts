// A schema migration: moves the history database from version `version - 1` to `version`.
import type { Database } from 'better-sqlite3';

export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}
