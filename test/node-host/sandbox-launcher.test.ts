// The built-in sandbox as main starts it: the default seed, the app's key in place of the demo key.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxLauncher, sandboxSeedPath } from '../../electron/node-host/sandbox-launcher';
import { defaultSeedPath } from '../../electron/sandbox/default-seed';

const folders: string[] = [];
const credits = (url: string, key: string) => fetch(`${url}/auth/credits`, { headers: { 'x-api-key': key } });
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
  it('starts the sandbox on loopback with a key it makes, and the demo key no longer works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-launcher-'));
    folders.push(dataDir);
    const launcher = createSandboxLauncher({ seedPath: defaultSeedPath() });
    const sandbox = await launcher.start({ dataDir });
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.apiKey).toMatch(/^sandbox-[0-9a-f]{48}$/);
      expect((await credits(sandbox.url, sandbox.apiKey)).status).toBe(200);
      expect((await credits(sandbox.url, 'sandbox-demo-key-0001')).status).toBe(401);
    } finally {
      await sandbox.close();
    }
    // Its key went with it; nothing on disk holds it.
    expect(readFileSync(join(dataDir, 'sandbox.sqlite')).toString('latin1')).not.toContain(sandbox.apiKey);
  });

  it('gives each start its own key, and the same account (balance, jobs) every time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-launcher-'));
    folders.push(dataDir);
    const launcher = createSandboxLauncher({ seedPath: defaultSeedPath() });
    const first = await launcher.start({ dataDir });
    // A second process on the same folder (the browser host beside the app): both keys work.
    const second = await launcher.start({ dataDir });
    try {
      expect(second.apiKey).not.toBe(first.apiKey);
      expect((await credits(first.url, second.apiKey)).status).toBe(200);
      expect((await credits(second.url, first.apiKey)).status).toBe(200);
      const balance = async (url: string, key: string) =>
        ((await (await credits(url, key)).json()) as { credits: number }).credits;
      expect(await balance(first.url, first.apiKey)).toBe(await balance(second.url, second.apiKey));
    } finally {
      await first.close();
      await second.close();
    }
  });
});
