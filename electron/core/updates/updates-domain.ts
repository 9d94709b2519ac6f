// The updates domain's IPC handlers. The desktop app built with a feed runs the UpdateController; a copy built
// without one, and the hosts that have no updates at all (browser host, command line), answer in words.
import type { SettingsStore } from '../kernel/settings-store';
import type { Handlers } from '../../shared/ipc/contract';
import { NO_FEED_WORDS, NOT_HERE_WORDS, type UpdateStatus } from '../../shared/domain/updates';
import { AppError } from '../kernel/app-error';
import type { Clock, Timers } from '../kernel/ports';
import { UpdateController } from './update-controller';
import { UpdateSettings } from './update-settings';
import type { UpdatesHost } from './updates-host';

type UpdateHandlers = Pick<
  Handlers,
  'updates:status' | 'updates:setEnabled' | 'updates:checkNow' | 'updates:restart'
>;

export interface UpdatesDomain {
  handlers: UpdateHandlers;
  dispose(): void;
}

export async function openUpdates(deps: {
  settings: SettingsStore;
  host: UpdatesHost | undefined;
  clock: Clock;
  timers: Timers;
  emit(status: UpdateStatus): void;
  log?: (line: string) => void;
  /** The controller's timings (update-controller.ts); tests change them. */
  timing?: { tickMs?: number; startDelayMs?: number; feedTimeoutMs?: number };
}): Promise<UpdatesDomain> {
  const { host } = deps;
  if (!host) return withoutUpdates({ source: 'not-here', currentVersion: '' }, NOT_HERE_WORDS);
  const feed = host.feed;
  if (!feed) return withoutUpdates({ source: 'no-feed', currentVersion: host.currentVersion }, NO_FEED_WORDS);

  const controller = new UpdateController({
    host: { ...host, feed },
    settings: await UpdateSettings.open(deps.settings),
    clock: deps.clock,
    timers: deps.timers,
    emit: deps.emit,
    log: deps.log,
    ...deps.timing,
  });
  controller.start();
  return {
    handlers: {
      'updates:status': async () => controller.status(),
      'updates:setEnabled': async ({ enabled }) => controller.setEnabled(enabled),
      'updates:checkNow': () => controller.checkNow(),
      'updates:restart': async () => {
        controller.restart();
        return undefined;
      },
    },
    dispose: () => controller.dispose(),
  };
}

function withoutUpdates(
  status: Pick<UpdateStatus, 'source' | 'currentVersion'>,
  words: string,
): UpdatesDomain {
  const fixed: UpdateStatus = {
    ...status,
    enabled: false,
    phase: 'idle',
    version: null,
    percent: null,
    checkedMs: null,
    error: null,
  };
  const refuse = async (): Promise<never> => {
    throw new AppError('invalid-input', words);
  };
  return {
    handlers: {
      'updates:status': async () => fixed,
      'updates:setEnabled': refuse,
      'updates:checkNow': refuse,
      'updates:restart': refuse,
    },
    dispose: () => undefined,
  };
}
