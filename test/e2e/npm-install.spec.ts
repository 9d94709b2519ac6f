// The command line as a person installs it: `npm pack` of this checkout (its build), then `npm install -g`
// of that tarball into a fresh prefix, used from a folder outside any checkout with its own home. The
// installed jrs adds the built-in sandbox account, sends a batch and saves its files; it keeps keys under
// the installed copy's keychain name, so an account it adds is usable by the desktop app's core (opened
// here with the keychain main chooses when packaged), and the reverse; and a key an older installed jrs
// saved under the development name is found and moved. A real Secret Service (scripts/with-keyring.sh).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { KeytarSecretStore } from '../../electron/core/accounts/keytar-secret-store';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { dispatch } from '../../electron/core/app/dispatch';
import { installation } from '../../electron/node-host/installation';
import { installationKeychain } from '../../electron/node-host/installation-keychain';
import { hostCoreDeps } from '../../electron/node-host/open-host-core';
import { packageVersion } from '../../electron/node-shared/package-root';
import { startSandbox } from '../../electron/sandbox';
import { startPrebuiltHost } from '../fixtures/prebuilt-binaries-host';
import { KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';

const ROOT = resolve(__dirname, '../..');

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string },
): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

test('npm install -g of the packed package gives a jrs that works outside any checkout, on the app’s keychain', async () => {
  test.setTimeout(6 * 60_000);
  // It writes keys under the installed copy's real keychain names: only in the throwaway keyring of
  // scripts/with-keyring.sh (npm test runs every test there), never in a person's own keychain.
  test.skip(
    process.env['JRS_KEYRING_SESSION'] !== '1',
    'Runs only inside scripts/with-keyring.sh: it uses the installed copy’s own keychain names.',
  );
  const dir = mkdtempSync(join(tmpdir(), 'jrs-npm-install-'));
  const cleanups: Array<() => Promise<unknown> | unknown> = [
    () => rmSync(dir, { recursive: true, force: true }),
  ];
  try {
    // What the package holds: what runs, nothing of the sources or the tests.
    const packed = await runCommand(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', dir],
      {
        cwd: ROOT,
        env: process.env,
      },
    );
    expect(packed.code, packed.stderr).toBe(0);
    const [pack] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const { filename, files } = pack!;
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining(['bin/jrs.mjs', 'out/cli/jrs.cjs', 'out/renderer/index.html']),
    );
    expect(paths).toEqual(
      expect.arrayContaining(['resources/sandbox-seed.json', 'resources/sample-media/sample.mp4']),
    );
    expect(paths.filter((path) => /^(src|electron|test|scripts)\/|\.ts$|\.map$/.test(path))).toEqual([]);

    // Installed into a fresh prefix; the native modules' prebuilt archives come from a loopback stand-in for
    // their download site (prebuilt-binaries-host.ts), as a person's machine gets them from GitHub.
    const prebuilt = await startPrebuiltHost();
    cleanups.push(() => prebuilt.close());
    const prefix = join(dir, 'prefix');
    const installed = await runCommand(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(dir, filename),
      ],
      { cwd: dir, env: { ...process.env, ...prebuilt.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } },
    );
    expect(installed.code, installed.stderr).toBe(0);
    expect(prebuilt.served.sort()).toEqual([
      expect.stringMatching(/^better-sqlite3-v/),
      expect.stringMatching(/^keytar-v/),
    ]);

    // A home of its own and no test overrides: the installed copy's own data folder and keychain name.
    const home = join(dir, 'home');
    const work = join(dir, 'work');
    mkdirSync(work, { recursive: true });
    const overrides = new Set(['JRS_DATA_DIR', 'JRS_KEYCHAIN_SERVICE', 'JRS_BASE_URL', 'JRS_API_KEY']);
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !overrides.has(name))),
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      NO_COLOR: '1',
    };
    const dataDir = join(home, '.config', installation('installed').dataFolderName);
    const jrsBin = join(prefix, 'bin', 'jrs');
    const jrs = (args: string[], input?: string) => runCommand(jrsBin, args, { cwd: work, env, input });

    const version = await jrs(['--version']);
    expect(version.stdout.trim()).toBe(packageVersion());

    expect((await jrs(['accounts', 'add', '--sandbox'])).code).toBe(0);
    writeFileSync(
      join(work, 'banners.csv'),
      'headline,subline,product_image,accent_color\nSpring,Sale,https://cdn.example.com/a.png,#112233\nSummer,Deals,https://cdn.example.com/b.png,teal\n',
    );
    const batch = await jrs([
      'batch',
      'Social Banner 1080x1080',
      '--sheet',
      'banners.csv',
      '--download',
      'files',
      '--yes',
    ]);
    expect(batch.code, batch.stderr).toBe(0);
    const saved = readdirSync(join(work, 'files'), { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(saved.map((entry) => entry.name).sort()).toEqual([
      expect.stringMatching(/ - Spring - \w+\.png$/),
      expect.stringMatching(/ - Summer - \w+\.png$/),
    ]);
    for (const entry of saved)
      expect(readFileSync(join(entry.parentPath, entry.name)).subarray(1, 4).toString()).toBe('PNG');

    // The keychain, shared with the desktop app: a service of our own, reached over loopback.
    const sandbox = await startSandbox({ seed: makeTestSeed() });
    cleanups.push(() => sandbox.close());
    const names = installation('installed');
    const keysOf = [names.keychainService, ...names.formerKeychainServices].map(
      (service) => new KeytarSecretStore(service),
    );
    const appCore = () =>
      createAppCore(
        hostCoreDeps({
          dataDir,
          downloadsDir: join(dir, 'Downloads'),
          secrets: installationKeychain(names, {}),
        }),
      );

    // Added by the installed jrs, used by the app's core.
    expect((await jrs(['accounts', 'add', '--name', 'Team', '--url', sandbox.url], KEY_A)).code).toBe(0);
    const core = await appCore();
    const snapshot = await dispatch(core, 'accounts:snapshot', undefined);
    const team = snapshot.ok ? snapshot.value.accounts.find((account) => account.name === 'Team') : undefined;
    expect(team).toBeDefined();
    cleanups.push(() => Promise.all(keysOf.map((store) => store.delete(team!.id))));
    await dispatch(core, 'accounts:activate', { id: team!.id });
    const projects = await dispatch(core, 'projects:list', undefined);
    expect(projects.ok && projects.value.length).toBeGreaterThan(0);

    // Added by the app's core, used by the installed jrs.
    const added = await dispatch(core, 'accounts:add', {
      name: 'Brand',
      baseUrl: sandbox.url,
      apiKey: KEY_B,
    });
    const brand = added.ok ? added.value.accounts.find((account) => account.name === 'Brand') : undefined;
    expect(brand).toBeDefined();
    cleanups.push(() => Promise.all(keysOf.map((store) => store.delete(brand!.id))));
    await core.dispose();
    expect((await jrs(['accounts', 'use', 'Brand'])).code).toBe(0);
    const listed = await jrs(['projects']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('B only'); // account B's one project

    // A key an older installed jrs kept under the development name: found, moved, and then only under the new.
    const [current, former] = keysOf;
    await current!.delete(brand!.id);
    await former!.set(brand!.id, KEY_B);
    expect((await jrs(['projects'])).code).toBe(0);
    expect(await current!.get(brand!.id)).toBe(KEY_B);
    expect(await former!.get(brand!.id)).toBeNull();
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
});
