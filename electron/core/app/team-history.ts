// A team's history in PostgreSQL: the stores every colleague's app, browser host and command line share.
// Background work is leased in the database: each account's polling and batch rows to one client of the
// whole team ('poll:<account>'), each computer's downloads to one of its processes ('downloads:<computer>'),
// and every running client keeps 'client:<id>' so that its sends in flight are known to be alive. What a
// colleague changes arrives as a notice on one listening connection (change-listener.ts).
import { hostname } from 'node:os';
import type { Handlers } from '../../shared/ipc/contract';
import { ChangeListener, type TeamChange } from '../db/postgres/change-listener';
import { openTeamDatabase } from '../db/postgres/open-team-database';
import { unreachableNow } from '../db/postgres/connect-errors';
import { parseConnectionString } from '../db/postgres/connection-string';
import { withHistoryFaults } from '../db/history-faults';
import { pgStores } from '../db/postgres/pg-stores';
import { PgAccess } from '../db/postgres/pg-access';
import { PgAccountDirectory } from '../db/postgres/pg-account-directory';
import { TEAM_LEASE_MS, TeamLeases } from '../db/postgres/team-leases';
import type { Work } from '../kernel/ownership';
import type { Clock, Timers } from '../kernel/ports';
import type { OpenedHistory } from './opened-history';

export interface TeamHistoryDeps {
  /** The team database's address (the keychain's, or JRS_DATABASE_URL). */
  url: string;
  computerId: string;
  /** The display name written on what this client submits. */
  submittedBy: string;
  /** This client's id in the leases and on the rows it sends. */
  clientId: string;
  /** The accounts whose work this client may take (those it has a key for, not the team's read-only ones). */
  accountIds(): readonly string[];
  clock: Clock;
  timers: Timers;
  leaseMs?: number;
  /** A colleague's (or another process's) write of a job or batch; never this client's own. */
  onChange(change: TeamChange): void;
  /** A lease was given up or lost: that work stops here (another client takes it). */
  onLost(work: Work): void;
  log?: (line: string) => void;
}

const leaseOf = (work: Work, computer: string) =>
  work === 'downloads' ? `downloads:${computer}` : `poll:${work.account}`;

function workOf(name: string, computer: string): Work | null {
  if (name === `downloads:${computer}`) return 'downloads';
  return name.startsWith('poll:') ? { account: name.slice('poll:'.length) } : null;
}

export async function openTeamHistory(deps: TeamHistoryDeps): Promise<OpenedHistory> {
  // Its connections name this client, so its change listener leaves out the notices of its own writes.
  const database = await openTeamDatabase(deps.url, { clientId: deps.clientId });
  const { password } = parseConnectionString(deps.url);
  const { pool, schema } = database;
  const leases = new TeamLeases({
    pool,
    owner: deps.clientId,
    host: hostname(),
    pid: process.pid,
    clock: deps.clock,
    timers: deps.timers,
    leaseMs: deps.leaseMs,
    log: deps.log,
  });
  const listener = new ChangeListener({
    pool,
    timers: deps.timers,
    clientId: deps.clientId,
    log: deps.log,
  });
  listener.onChange(deps.onChange);
  const holds = (work: Work) => leases.holds(leaseOf(work, deps.computerId));
  const readOnly = !schema.writable;
  let started = false;
  let stopped = false;
  const leaseMs = deps.leaseMs ?? TEAM_LEASE_MS;
  /** A lease given up after a failed take-over, tried for again if its work is still this client's. */
  const tryAgain = async (work: Work) => {
    if (stopped) return;
    const wanted = work === 'downloads' || deps.accountIds().includes(work.account);
    if (!wanted) return;
    await leases.hold(leaseOf(work, deps.computerId)).catch((error: unknown) => {
      deps.log?.(`Trying again for ${leaseOf(work, deps.computerId)} failed: ${(error as Error).message}`);
    });
  };
  const heldAccounts = new Set<string>();
  // Each account this client can work for is tried for; one removed here is given up (a colleague takes it).
  const holdAccounts = async () => {
    const wanted = new Set(deps.accountIds());
    for (const account of wanted) {
      heldAccounts.add(account);
      await leases.hold(leaseOf({ account }, deps.computerId));
    }
    for (const account of heldAccounts) {
      if (wanted.has(account)) continue;
      heldAccounts.delete(account);
      await leases.release(leaseOf({ account }, deps.computerId));
    }
  };
  return {
    stores: pgStores(pool, {
      computerId: deps.computerId,
      submittedBy: deps.submittedBy,
      clientId: deps.clientId,
      schema,
    }),
    holds,
    directory: new PgAccountDirectory(new PgAccess(pool, schema), deps.clock),
    // An account added while running: its polling is taken here when no colleague's client does it; one
    // removed is given up.
    async accountsChanged() {
      if (started && !readOnly) await holdAccounts();
    },
    isOwner: () => holds('downloads') && deps.accountIds().every((account) => holds({ account })),
    readOnly,
    notice: () =>
      readOnly
        ? 'A newer version of the app updated the team history: update this app to change anything.'
        : null,
    async start(events) {
      await listener.start();
      if (readOnly) return;
      await leases.start();
      // Take-overs one at a time, each awaited: a failure gives that lease up again (another client takes it).
      let turn: Promise<void> = Promise.resolve();
      leases.onChange(({ name, holding }) => {
        const work = workOf(name, deps.computerId);
        if (!work) return;
        if (!holding) return deps.onLost(work);
        turn = turn.then(() =>
          events.gained().catch(async (error: unknown) => {
            deps.log?.(`Taking on ${name} failed, so another client may: ${(error as Error).message}`);
            await leases.release(name);
            // Tried for again after a lease's life: a colleague's client may have taken it meanwhile; if
            // none did (the failure was a moment's), this one does the work after all.
            deps.timers.setTimeout(() => void tryAgain(work), leaseMs);
          }),
        );
      });
      await leases.hold(`client:${deps.clientId}`);
      await leases.hold(leaseOf('downloads', deps.computerId));
      await holdAccounts();
      started = true;
      await turn;
    },
    // The database out of reach: what was asked is refused in words (nothing is queued meanwhile).
    withFaults: (handlers: Handlers) =>
      withHistoryFaults(handlers, (error) => unreachableNow(error, database.address, password)),
    lastLook: async () => undefined,
    release: () => {
      stopped = true;
      return leases.stop();
    },
    async close() {
      await listener.stop();
      await database.close();
    },
  };
}
