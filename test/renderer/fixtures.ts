// Sample projects, mapping fields, jobs and accounts for the renderer tests, and a history to seed.
import type { MappingFields, Project } from '../../electron/shared/api/schemas';
import type { AccountsSnapshot } from '../../electron/shared/domain/account';
import type { JobDetail, JobView } from '../../electron/shared/domain/job';
import { useAccountsStore } from '../../src/features/accounts/accounts-store';
import { useJobsStore } from '../../src/features/jobs/jobs-store';

export function project(overrides: Partial<Project> = {}): Project {
  return {
    projectId: 'p-1',
    projectName: 'Social Banner',
    projectType: 'image',
    startDate: null,
    endDate: null,
    ...overrides,
  };
}

export function mapping(projectType: string, fields: MappingFields['fields']): MappingFields {
  return {
    projectId: 'p-1',
    projectName: 'Sample',
    projectType,
    fields,
    fetchedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** One field of every kind the form knows, plus an unknown type and a missing one. */
export const EVERY_KIND: MappingFields['fields'] = {
  headline: { label: 'Headline', instructionType: 'text' },
  script: { label: 'Presenter script', instructionType: 'text' },
  'hero.image': { label: 'Hero image', instructionType: 'image' },
  jingle: { label: 'Jingle', instructionType: 'audio' },
  brand_color: { label: 'Brand colour', instructionType: 'color' },
  disclaimer: { label: 'Legal disclaimer' },
};

export function job(overrides: Partial<JobView> = {}): JobView {
  return {
    id: 'j-1',
    uuid: 'u-1',
    accountId: 'a-1',
    projectId: 'p-1',
    projectName: 'Social Banner',
    jobType: 'image',
    status: 'QUEUED',
    tracking: 'active',
    trackingNote: null,
    values: {},
    summary: '',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    finishedAt: null,
    creditUsed: null,
    outputPath: null,
    error: null,
    batchId: null,
    batchRow: null,
    expectedAt: null,
    archived: false,
    submittedBy: null,
    ...overrides,
  };
}

export function detail(view: JobView, overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    ...view,
    input: { job_type: view.jobType, template_id: view.projectId, values: view.values },
    record: { uuid: view.uuid, job_status: view.status },
    firstSeenAt: view.createdAt,
    lastPolledAt: null,
    nextPollAt: null,
    ...overrides,
  };
}

export function snapshot(overrides: Partial<AccountsSnapshot> = {}): AccountsSnapshot {
  return {
    accounts: [
      {
        id: 'a-1',
        name: 'Acme marketing',
        baseUrl: 'https://api.example.com',
        keyLast4: '1234',
        state: 'valid',
        kind: 'remote',
        storage: 'keychain',
      },
    ],
    activeId: 'a-1',
    keychain: { available: true },
    ...overrides,
  };
}

/** Puts these jobs in the history on screen, as if jobs:list had answered them for account a-1. */
export function seedHistory(jobs: readonly JobView[], accountId = 'a-1'): void {
  useAccountsStore.setState({ snapshot: snapshot({ activeId: accountId }) });
  useJobsStore.setState({
    accountId,
    byId: Object.fromEntries(jobs.map((one) => [one.id, one])),
    status: 'ready',
    error: null,
  });
}

/** `count` jobs of a few projects, newest first by id order (j-0 is the newest), every fifth failed. */
export function manyJobs(count: number, now = Date.parse('2026-03-10T12:00:00.000Z')): JobView[] {
  return Array.from({ length: count }, (_, i) =>
    job({
      id: `j-${i}`,
      uuid: `u-${i}`,
      projectId: `p-${i % 3}`,
      projectName: ['Social Banner', 'Podcast Intro', 'Spring Teaser'][i % 3]!,
      jobType: ['image', 'tts', 'video'][i % 3]!,
      status: i % 5 === 4 ? 'FAILED' : 'IN_PROGRESS',
      tracking: i % 5 === 4 ? 'final' : 'active',
      values: { headline: `Headline ${i}` },
      summary: `Headline ${i}`,
      createdAt: new Date(now - i * 60_000).toISOString(),
    }),
  );
}
