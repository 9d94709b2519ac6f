// The IPC handlers of the form domain: the active account's memory of a project's job form.
import type { Handlers } from '../../shared/ipc/contract';
import type { AccountRegistry } from '../accounts/account-registry';
import type { FormMemoryRepository } from './form-memory-repository';

export function formHandlers(
  registry: AccountRegistry,
  memory: FormMemoryRepository,
): Pick<Handlers, 'forms:get' | 'forms:saveDraft' | 'forms:setSkipEmptyCheck'> {
  return {
    'forms:get': async ({ projectId }) => memory.get(registry.active().id, projectId),
    'forms:saveDraft': async ({ projectId, draft }) => {
      await memory.saveDraft(registry.active().id, projectId, draft);
    },
    'forms:setSkipEmptyCheck': async ({ projectId, skip }) => {
      await memory.setSkipEmptyCheck(registry.active().id, projectId, skip);
    },
  };
}
