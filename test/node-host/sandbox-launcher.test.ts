// The built-in sandbox as main starts it: the default seed, the app's key in place of the demo key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxLauncher, sandboxSeedPath } from '../../electron/node-host/sandbox-launcher';
import { defaultSeedPath } from '../../electron/sandbox/default-seed';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('sandboxSeedPath', () => {
  it('reads the seed beside app.asar when packaged, from resources/ otherwise', () => {
    expect(sandboxSeedPath({ isPackaged: true, resourcesPath: '/opt/app/resources' })).toBe(
      join('/opt/app/resources', 'sandbox-seed.json'),
    );
    expect(sandboxSeedPath({ isPackaged: false, resourcesPath: '/opt/app/resources' })).toBe(
      defaultSeedPath(),
    );
  });
});

describe('createSandboxLauncher', () => {
  it('starts the sandbox on loopback with the given key, and the demo key no longer works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-launcher-'));
    folders.push(dataDir);
    const launcher = createSandboxLauncher({ seedPath: defaultSeedPath() });
    const sandbox = await launcher.start({ apiKey: 'app-chosen-key-1234567890', dataDir });
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const credits = (key: string) =>
        fetch(`${sandbox.url}/auth/credits`, { headers: { 'x-api-key': key } });
      expect((await credits('app-chosen-key-1234567890')).status).toBe(200);
      expect((await credits('sandbox-demo-key-0001')).status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });
});
