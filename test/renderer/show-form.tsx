// Opens the job form panel on a project with the given fields, over a fake API whose handlers the test
// may replace, the way the Create screen shows it once a project is chosen.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MappingFields } from '../../electron/shared/api/schemas';
import type { UploadCapability } from '../../electron/shared/domain/asset';
import { EMPTY_FORM_MEMORY, type FormMemory } from '../../electron/shared/domain/form-memory';
import { JobFormPanel } from '../../src/features/job-form/JobFormPanel';
import { useJobFormStore } from '../../src/features/job-form/job-form-store';
import { installFakeApi, type FakeHandlers } from './fake-api';
import { job, mapping, project } from './fixtures';

export const UPLOADS: UploadCapability = { available: true };

export interface ShowFormOptions {
  capability?: UploadCapability;
  handlers?: FakeHandlers;
  memory?: FormMemory;
  /** For fake timers: how user-event lets time pass between its steps. */
  advanceTimers?: (ms: number) => unknown;
}

export function showForm(
  projectType: string,
  fields: MappingFields['fields'],
  options: ShowFormOptions = {},
) {
  const api = installFakeApi({
    'assets:upload': (params) => ({ url: `https://cdn.example.com/${(params as { name: string }).name}` }),
    'jobs:submit': () => job({ status: 'QUEUED' }),
    'forms:get': () => options.memory ?? EMPTY_FORM_MEMORY,
    'forms:saveDraft': () => undefined,
    'forms:setSkipEmptyCheck': () => undefined,
    ...options.handlers,
  });
  useJobFormStore.setState({
    project: project({ projectType, projectName: 'Sample project' }),
    mapping: mapping(projectType, fields),
    memory: options.memory ?? EMPTY_FORM_MEMORY,
    status: 'ready',
    capability: options.capability ?? UPLOADS,
  });
  const view = render(<JobFormPanel />);
  // Files arrive as from a drop: the picker's accept filter does not apply.
  const user = userEvent.setup({
    applyAccept: false,
    ...(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {}),
  });
  return { api, user, view };
}
