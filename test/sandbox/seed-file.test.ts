// The built-in demo account (resources/sandbox-seed.json) is valid and covers what the app must show:
// every job type, every kind of mapping field, inactive and deleted projects, and a failing workflow.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSeedFile } from '../../electron/sandbox/seed';
import type { SeedProject } from '../../electron/sandbox/seed';
import { JOB_TYPES } from '../../electron/shared/api/job-types';

const SEED_PATH = fileURLToPath(new URL('../../resources/sandbox-seed.json', import.meta.url));
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const KNOWN_INSTRUCTION_TYPES = ['text', 'image', 'audio'];

const seed = loadSeedFile(SEED_PATH);
const [account] = seed.accounts;
if (!account) throw new Error(`${SEED_PATH} has no account`);
const now = Date.now();

function isActive(project: SeedProject): boolean {
  if (project.deleted) return false;
  if (project.startDate && Date.parse(project.startDate) > now) return false;
  if (project.endDate && Date.parse(project.endDate) < now) return false;
  return true;
}

describe('the default sandbox seed', () => {
  it('holds one demo account with 500 credits', () => {
    expect(seed.accounts).toHaveLength(1);
    expect(account.apiKey).toMatch(/^sandbox-demo-key-\d{4}$/);
    expect(account.credits).toBe(500);
  });

  it('has an active, named project for every job type', () => {
    for (const jobType of JOB_TYPES) {
      const project = account.projects.find((p) => p.projectType === jobType && isActive(p) && p.projectName);
      expect(project, jobType).toBeDefined();
    }
  });

  it('covers every instructionType, an unknown one and a field without one', () => {
    const fields = account.projects.flatMap((project) => Object.values(project.fields));
    const types = new Set(fields.map((field) => field.instructionType));
    for (const type of KNOWN_INSTRUCTION_TYPES) expect(types, type).toContain(type);
    expect([...types].some((type) => type !== undefined && !KNOWN_INSTRUCTION_TYPES.includes(type))).toBe(
      true,
    );
    expect(fields.some((field) => field.instructionType === undefined)).toBe(true);
    for (const field of fields) expect(field.label.trim()).not.toBe('');
  });

  it('has an active project with an empty name', () => {
    expect(account.projects.some((p) => p.projectName === '' && isActive(p))).toBe(true);
  });

  it('has projects outside their window and a deleted one', () => {
    const future = account.projects.filter((p) => !p.deleted && p.startDate && Date.parse(p.startDate) > now);
    const past = account.projects.filter((p) => !p.deleted && p.endDate && Date.parse(p.endDate) < now);
    const deleted = account.projects.filter((p) => p.deleted);
    expect(future).toHaveLength(1);
    expect(past).toHaveLength(1);
    expect(deleted).toHaveLength(1);
    for (const project of [...future, ...past, ...deleted])
      expect(isActive(project), project.projectName).toBe(false);
    // A window that contains today keeps its project active.
    expect(account.projects.some((p) => p.startDate && p.endDate && isActive(p))).toBe(true);
  });

  it('simulates 3–8 s and 1–10 credits everywhere, with one failing project', () => {
    const simulations = [...account.projects, ...account.imagePrompts].map((item) => item.simulate);
    for (const simulate of simulations) {
      expect(simulate).toMatchObject({
        durationMs: expect.toSatisfy((ms: number) => ms >= 3000 && ms <= 8000),
        creditCost: expect.toSatisfy((cost: number) => cost >= 1 && cost <= 10),
      });
    }
    expect(account.projects.filter((p) => p.simulate?.outcome === 'FAILED' && isActive(p))).toHaveLength(1);
  });

  it('has two or three image prompts for ai_image_generation', () => {
    expect(account.imagePrompts.length).toBeGreaterThanOrEqual(2);
    expect(account.imagePrompts.length).toBeLessThanOrEqual(3);
    for (const prompt of account.imagePrompts) expect(prompt.name.trim()).not.toBe('');
  });

  it('uses unique, fixed v4 UUIDs for projects and image prompts', () => {
    const ids = [...account.projects.map((p) => p.projectId), ...account.imagePrompts.map((p) => p.id)];
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
