// The sandbox's seed file: accounts, keys, balances, projects and image prompts, validated with zod.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { JOB_TYPES } from '../shared/api/job-types';
import { MAX_OUTPUT_BYTES } from './outputs/padded-output';

/** The longest run a seed may ask for; drawn durations are capped at it too. */
export const MAX_DURATION_MS = 3_600_000;
/** The most a run (or a PUT) may charge; the same cap as updateJobRequestSchema's output.credit_used. */
export const MAX_CREDIT_CHARGE = 1_000_000;
/** Seeded balances beyond this are typos, and sums near Number.MAX_VALUE lose their meaning. */
const MAX_SEED_BALANCE = 1e12;

/**
 * How jobs of a project (or image prompt) run. `durationSpread` is the coefficient of variation of a
 * run's duration: 0 runs every job for exactly `durationMs`; above 0 each run's duration is drawn
 * log-normal with mean `durationMs` and that CV (0.3 ≈ most runs within ±30 %), for benchmarks of pollers.
 */
export const simulateSchema = z.object({
  outcome: z.enum(['SUCCESS', 'FAILED']).default('SUCCESS'),
  durationMs: z.number().int().min(0).max(MAX_DURATION_MS).default(4000),
  durationSpread: z.number().finite().min(0).max(3).default(0),
  creditCost: z.number().finite().min(0).max(MAX_CREDIT_CHARGE).default(1),
  /**
   * The size of each output in bytes, for download tests: still valid media, padded where the format
   * allows filler (outputs/padded-output.ts). Unset or smaller than the natural file: the natural size. At
   * most 4 GiB − 1, so the 32-bit sizes of a WAV or an MP4 box hold it.
   */
  outputBytes: z.number().int().min(0).max(MAX_OUTPUT_BYTES).optional(),
});
export type Simulation = z.infer<typeof simulateSchema>;

const isoOrNull = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 timestamp')
  .nullable()
  .default(null);

const seedProjectSchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string(),
  projectType: z.enum(JOB_TYPES),
  startDate: isoOrNull,
  endDate: isoOrNull,
  deleted: z.boolean().default(false),
  fields: z.record(z.string(), z.looseObject({ label: z.string(), instructionType: z.string().optional() })),
  simulate: simulateSchema.optional(),
});
export type SeedProject = z.infer<typeof seedProjectSchema>;

const seedImagePromptSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  simulate: simulateSchema.optional(),
});

const seedAccountSchema = z.object({
  apiKey: z.string().min(8, 'apiKey must be at least 8 characters'),
  credits: z.number().finite().min(-MAX_SEED_BALANCE).max(MAX_SEED_BALANCE),
  projects: z.array(seedProjectSchema).default([]),
  imagePrompts: z.array(seedImagePromptSchema).default([]),
});
export type SeedAccount = z.infer<typeof seedAccountSchema>;

export const sandboxSeedSchema = z
  .object({ accounts: z.array(seedAccountSchema).min(1, 'the seed needs at least one account') })
  .superRefine((seed, ctx) => {
    const keys = new Set<string>();
    for (const account of seed.accounts) {
      if (keys.has(account.apiKey)) ctx.addIssue({ code: 'custom', message: 'two accounts share an apiKey' });
      keys.add(account.apiKey);
    }
  });
export type SandboxSeed = z.infer<typeof sandboxSeedSchema>;
export type SandboxSeedInput = z.input<typeof sandboxSeedSchema>;

export const DEFAULT_SIMULATION: Simulation = {
  outcome: 'SUCCESS',
  durationMs: 4000,
  durationSpread: 0,
  creditCost: 1,
};

/** Reads and validates a seed file; the error names the file and the first problem. */
export function loadSeedFile(path: string): SandboxSeed {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the seed file ${path}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = sandboxSeedSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The seed file ${path} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

/**
 * The seed with its first account's key replaced: the app's sandbox account (and tests) choose their own
 * key, since the seed's demo key is public (it is in the repository).
 */
export function withFirstAccountKey(seed: SandboxSeedInput, apiKey: string): SandboxSeedInput {
  const [first, ...rest] = seed.accounts;
  if (!first) throw new Error('The sandbox seed has no account.');
  return { ...seed, accounts: [{ ...first, apiKey }, ...rest] };
}
