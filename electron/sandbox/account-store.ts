// Accounts, projects and image prompts: loaded from the seed, read by the API routes.
import type { SandboxDb } from './db';
import {
  accountOfSlot,
  addRunKey,
  insertAccount,
  keyHash,
  migrateKeyTables,
  removeRunKey,
  setSeedKey,
  type RunKey,
} from './key-hashes';
import { DEFAULT_SIMULATION, simulateSchema, type SandboxSeed, type Simulation } from './seed';

/**
 * Balances are clamped to ±this: SQLite stores an overflow as ±Infinity, which JSON turns into
 * `{"credits":null}` for good. Per-update charges are capped far below, so reaching it takes ~10^302 PUTs.
 */
const BALANCE_BOUND = Number.MAX_VALUE;

export interface Account {
  id: string;
  credits: number;
}

export interface ProjectRow {
  id: string;
  name: string;
  type: string;
  startDate: string | null;
  endDate: string | null;
  deleted: boolean;
  fields: Record<string, unknown>;
  simulation: Simulation;
}

export interface ImagePromptRow {
  id: string;
  name: string;
  simulation: Simulation;
}

interface ProjectRecord {
  id: string;
  name: string;
  type: string;
  start_date: string | null;
  end_date: string | null;
  deleted: number;
  fields: string;
  simulate: string | null;
}

function toProject(row: ProjectRecord): ProjectRow {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    startDate: row.start_date,
    endDate: row.end_date,
    deleted: row.deleted === 1,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    simulation: storedSimulation(row.simulate),
  };
}

/** Parsed with the seed's schema, so fields added since (e.g. durationSpread) get their defaults. */
function storedSimulation(json: string | null): Simulation {
  return json ? simulateSchema.parse(JSON.parse(json)) : DEFAULT_SIMULATION;
}

/** The active window is inclusive at both ends (the spec does not say; inclusive is the least surprising). */
export function isActive(project: Pick<ProjectRow, 'startDate' | 'endDate'>, now: number): boolean {
  if (project.startDate && Date.parse(project.startDate) > now) return false;
  if (project.endDate && Date.parse(project.endDate) < now) return false;
  return true;
}

export class AccountStore {
  /** This run's key's hash, dropped again at close. */
  private runKeyHash: string | null = null;

  constructor(private readonly db: SandboxDb) {
    migrateKeyTables(db);
  }

  /**
   * Applies the seed. Each seed account is found again by its place in the seed, so it keeps its balance
   * and jobs across restarts (and key changes); projects and prompts follow the seed, so editing the seed
   * file changes them. With `runKey`, the first account takes that key instead of the seed's (public) one.
   */
  applySeed(seed: SandboxSeed, runKey?: RunKey): void {
    const upsertProject = this.db.prepare(
      `INSERT OR REPLACE INTO projects (account_id, id, name, type, start_date, end_date, deleted, fields, simulate)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const upsertPrompt = this.db.prepare(
      'INSERT OR REPLACE INTO image_prompts (account_id, id, name, simulate) VALUES (?, ?, ?, ?)',
    );
    const keys = seed.accounts.map((account) => account.apiKey);
    this.db.transaction(() => {
      for (const [slot, account] of seed.accounts.entries()) {
        const seedKey = slot === 0 && runKey ? null : account.apiKey;
        const others = keys.filter((_, index) => index !== slot);
        let id = accountOfSlot(this.db, slot, seedKey, others);
        if (id) this.db.prepare('UPDATE accounts SET seed_slot = ? WHERE id = ?').run(slot, id);
        else id = insertAccount(this.db, slot, account.credits);
        setSeedKey(this.db, id, seedKey);
        if (slot === 0 && runKey) this.runKeyHash = addRunKey(this.db, id, runKey);
        for (const project of account.projects) {
          upsertProject.run(
            id,
            project.projectId,
            project.projectName,
            project.projectType,
            project.startDate,
            project.endDate,
            project.deleted ? 1 : 0,
            JSON.stringify(project.fields),
            project.simulate ? JSON.stringify(project.simulate) : null,
          );
        }
        for (const prompt of account.imagePrompts) {
          upsertPrompt.run(
            id,
            prompt.id,
            prompt.name,
            prompt.simulate ? JSON.stringify(prompt.simulate) : null,
          );
        }
      }
      // A data folder from before the clamp may hold ±Infinity; bring it back to a number.
      this.db
        .prepare('UPDATE accounts SET credits = max(?, min(?, credits))')
        .run(-BALANCE_BOUND, BALANCE_BOUND);
    })();
  }

  /** The sandbox closes: the key of this run is no longer accepted. */
  releaseRunKey(): void {
    if (this.runKeyHash) removeRunKey(this.db, this.runKeyHash);
    this.runKeyHash = null;
  }

  /** The account the key belongs to, found by the key's hash (no key is kept in plain text). */
  byApiKey(apiKey: string): Account | undefined {
    return this.db
      .prepare<[string], Account>(
        `SELECT a.id AS id, a.credits AS credits FROM account_keys k JOIN accounts a ON a.id = k.account_id
         WHERE k.key_hash = ?`,
      )
      .get(keyHash(apiKey));
  }

  credits(accountId: string): number {
    const row = this.db
      .prepare<[string], { credits: number }>('SELECT credits FROM accounts WHERE id = ?')
      .get(accountId);
    return row?.credits ?? 0;
  }

  /** Subtracts a charge; the balance is clamped so that it stays a finite number whatever is charged. */
  subtractCredits(accountId: string, amount: number): void {
    if (!Number.isFinite(amount)) throw new Error(`A charge must be a finite number, not ${amount}.`);
    this.db
      .prepare('UPDATE accounts SET credits = max(?, min(?, credits - ?)) WHERE id = ?')
      .run(-BALANCE_BOUND, BALANCE_BOUND, amount, accountId);
  }

  projects(accountId: string): ProjectRow[] {
    return this.db
      .prepare<[string], ProjectRecord>('SELECT * FROM projects WHERE account_id = ? ORDER BY rowid')
      .all(accountId)
      .map(toProject);
  }

  project(accountId: string, projectId: string): ProjectRow | undefined {
    const row = this.db
      .prepare<[string, string], ProjectRecord>('SELECT * FROM projects WHERE account_id = ? AND id = ?')
      .get(accountId, projectId);
    return row ? toProject(row) : undefined;
  }

  imagePrompt(accountId: string, promptId: string): ImagePromptRow | undefined {
    const row = this.db
      .prepare<[string, string], { id: string; name: string; simulate: string | null }>(
        'SELECT id, name, simulate FROM image_prompts WHERE account_id = ? AND id = ?',
      )
      .get(accountId, promptId);
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      simulation: storedSimulation(row.simulate),
    };
  }
}
