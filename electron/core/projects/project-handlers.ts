// The IPC handlers of the projects domain: the active account's projects and their mapping fields.
import type { Handlers } from '../../shared/ipc/contract';
import type { Connections } from '../accounts/connections';

export function projectHandlers(
  connections: Connections,
): Pick<Handlers, 'projects:list' | 'projects:fields'> {
  return {
    'projects:list': async () => (await connections.active()).client.listActiveProjects(),
    'projects:fields': async ({ projectId }) =>
      (await connections.active()).client.getMappingFields(projectId),
  };
}
