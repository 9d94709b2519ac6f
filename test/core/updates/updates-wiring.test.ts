// The updates channels through the core's one dispatch, as IPC and the browser host's socket reach them: the
// browser host and the command line (no updater given) answer that updates come with the desktop app.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { NOT_HERE_WORDS, updateWords } from '../../../electron/shared/domain/updates';
import { cleanupsAfterEach } from '../../fixtures/cleanups';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { makeTestSeed } from '../../fixtures/test-seed';

const cleanups = cleanupsAfterEach();

it('a core without an updater (browser host, command line) says updates come with the desktop app', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'jrs-updates-core-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const core = await createAppCore({
    dataDir,
    downloadsDir: join(dataDir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed()),
  });
  cleanups.push(() => core.dispose());

  const status = await dispatch(core, 'updates:status', undefined);
  expect(status).toMatchObject({ ok: true, value: { source: 'not-here', enabled: false, phase: 'idle' } });
  if (status.ok) expect(updateWords(status.value)).toBe(NOT_HERE_WORDS);
  for (const [channel, params] of [
    ['updates:setEnabled', { enabled: true }],
    ['updates:checkNow', undefined],
    ['updates:restart', undefined],
  ] as const) {
    expect(await dispatch(core, channel, params)).toEqual({
      ok: false,
      error: {
        kind: 'invalid-input',
        message: 'Updates come with the desktop app; the command line updates with npm install -g.',
      },
    });
  }
  expect(await dispatch(core, 'updates:setEnabled', { enabled: 'yes' })).toMatchObject({
    ok: false,
    error: { kind: 'invalid-input', message: expect.stringMatching(/^enabled: /) },
  });
});
