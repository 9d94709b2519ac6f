// Sample projects, mapping fields, jobs and accounts for the renderer tests.
import type { MappingFields, Project } from '../../electron/shared/api/schemas';
import type { AccountsSnapshot } from '../../electron/shared/domain/account';
import type { JobSummary } from '../../electron/shared/domain/job';

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

export function job(overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 'j-1',
    accountId: 'a-1',
    projectId: 'p-1',
    projectName: 'Social Banner',
    jobType: 'image',
    status: 'QUEUED',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    creditUsed: null,
    outputKey: null,
    error: null,
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
