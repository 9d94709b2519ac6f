// The benchmark's sandbox seeds: one project per job type with log-normal run times (the sandbox's
// durationSpread), one account per poller so that pollers and per-key limits never mix.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxSeedInput } from '../../../electron/sandbox';
import type { JobType } from '../../../electron/shared/api/job-types';

export interface BenchProject {
  readonly projectId: string;
  readonly jobType: JobType;
  /** Mean run time (the sandbox draws each run log-normal around it). */
  readonly meanMs: number;
}

/** Means from 20 s to 90 s before the bench's scaling: long enough for polling to matter. */
const MEANS: readonly [JobType, number][] = [
  ['tts', 20_000],
  ['image', 30_000],
  ['photo_qc', 40_000],
  ['pdf', 50_000],
  ['ai_image_generation', 60_000],
  ['video', 75_000],
  ['ai_talking_video', 90_000],
];

export const DURATION_CV = 0.3;

export function benchProjects(scale = 1): BenchProject[] {
  return MEANS.map(([jobType, meanMs], index) => ({
    projectId: `b0000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    jobType,
    meanMs: Math.round(meanMs * scale),
  }));
}

const FIELDS = { headline: { label: 'Headline', instructionType: 'text' } };

export function benchSeed(
  keys: readonly string[],
  projects: readonly BenchProject[],
  spread = DURATION_CV,
): SandboxSeedInput {
  return {
    accounts: keys.map((apiKey) => ({
      apiKey,
      credits: 1_000_000_000,
      projects: projects.map((project) => ({
        projectId: project.projectId,
        projectName: `Bench ${project.jobType}`,
        projectType: project.jobType,
        fields: FIELDS,
        simulate: { outcome: 'SUCCESS', durationMs: project.meanMs, durationSpread: spread, creditCost: 1 },
      })),
    })),
  };
}

/** Writes the seed where the sandbox's CLI can read it; returns the path. */
export function writeSeed(name: string, seed: SandboxSeedInput): string {
  const path = join(tmpdir(), `jrs-bench-${process.pid}-${name}.json`);
  writeFileSync(path, JSON.stringify(seed));
  return path;
}
