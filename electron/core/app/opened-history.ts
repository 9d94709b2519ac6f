// What the composition root needs of the history, wherever it lives: one person's SQLite file on this
// computer (sqlite-history.ts) or a team's PostgreSQL database (team-history.ts). The domains see only
// the stores and `holds`; the rest is the root's: starting and stopping the background work's leases,
// the history's own failures said in words, and closing it.
import type { Handlers } from '../../shared/ipc/contract';
import type { AccountDirectory } from '../accounts/account-directory';
import type { HistoryStores } from '../db/history-stores';
import type { Holds } from '../kernel/ownership';

export interface OwnershipEvents {
  /** This process took on background work: each listener's part is awaited, a failure gives it up. */
  gained(): Promise<void>;
  /** Another process (or a colleague) wrote to the history. */
  otherWrites(): void;
}

export interface OpenedHistory {
  readonly stores: HistoryStores;
  /** Which background work this process does now. */
  readonly holds: Holds;
  /** Whether this process does all of it (the command line says when another process does). */
  isOwner(): boolean;
  /** A history that must not be written (a newer app's, a read-only file): no background work starts. */
  readonly readOnly: boolean;
  /** What the person must know about the history now (a damaged file set aside), or null. */
  notice(): string | null;
  /** The team's account list (a team's history only). */
  readonly directory?: AccountDirectory;
  /** The accounts this process can work for changed (one added): their work is taken when no one does it. */
  accountsChanged(): Promise<void>;
  /** Starts the leases; resolves once the work taken at start has started (rejects when it could not). */
  start(events: OwnershipEvents): Promise<void>;
  /** The history's own failures (a full disk, an unreachable database) said in words. */
  withFaults(handlers: Handlers): Handlers;
  /** At the end, while the core's listeners still hear it. */
  lastLook(): Promise<void>;
  /** Gives the leases up at once (after the rows on their way are answered). */
  release(): Promise<void>;
  close(): Promise<void>;
}
