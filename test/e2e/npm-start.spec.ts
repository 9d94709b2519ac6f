// `npm start` on a machine without Electron's binary (every build machine here): run exactly as the README
// says, it says so in one line, starts the browser host on the app's core, and prints the address; that
// address in Chromium is the app, and a job submitted there reaches the built-in sandbox. Its data and
// keychain entries go to a folder and service of the test's own (JRS_DATA_DIR, JRS_KEYCHAIN_SERVICE).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { electronBinary } from './electron-binary';
import { startOnSandbox } from './helpers';

const ROOT = resolve(__dirname, '../..');

/** Everything the child printed, and the first address it printed (the host's sign-in link). */
function readAddress(child: ChildProcess): { output: () => string; address: Promise<string> } {
  let output = '';
  const address = new Promise<string>((resolvePrinted, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(output);
      if (found) resolvePrinted(found[0]);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) =>
      reject(new Error(`npm start exited (${code}) before an address:\n${output}`)),
    );
  });
  return { output: () => output, address };
}

test('npm start without Electron serves the app to a browser, and a job is submitted on the sandbox', async ({
  page,
}) => {
  test.skip(
    electronBinary() !== null,
    'Electron’s binary is installed here: npm start opens the desktop app.',
  );
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'jrs-npm-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    JRS_DATA_DIR: dataDir,
    JRS_KEYCHAIN_SERVICE: `jrs-npm-start-${process.pid}`,
  };
  // No display: the host prints the address instead of opening a browser of its own.
  delete env['DISPLAY'];
  delete env['WAYLAND_DISPLAY'];
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const printed = readAddress(child);
    const address = await printed.address;
    expect(printed.output()).toContain(
      'Electron could not be installed here, so the app opens in your browser',
    );

    // The browser's notifications, allowed and recorded (headless Chromium shows none).
    await page.context().grantPermissions(['notifications']);
    await page.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title}: ${options?.body ?? ''}`);
        }
      }
      Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
      window.Notification = Recorded as typeof Notification;
    });
    await page.goto(address);
    // The token is used up at once, for the page's own session: the address bar keeps neither.
    await page.waitForURL((url) => !url.searchParams.has('token'));
    expect(page.url()).not.toMatch(/token=|session=/);
    await startOnSandbox(page);
    await page.locator('#project-search').fill('podcast');
    await page.getByRole('button', { name: /Weekly Podcast Intro/ }).click();
    await page.getByLabel('Intro script').fill('Spring, from a browser.');
    await page.getByRole('textbox', { name: /address/i }).fill('https://cdn.example.com/voice.mp3');
    await page.keyboard.press('Control+Enter');
    await expect(page.getByText(/Job submitted/)).toBeVisible();
    const jobs = page.getByRole('list', { name: 'Submitted jobs' });
    await expect(jobs.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
    // The finished job is announced by the browser itself.
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications),
      )
      .toEqual([expect.stringContaining('Weekly Podcast Intro')]);

    // Settings asks for the download folder to be typed: a browser has no folder picker.
    await page.keyboard.press('Control+4');
    await expect(page.getByLabel('Download folder')).toBeVisible();
    await expect(page.getByText(/Type the folder’s full path/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose folder…' })).toHaveCount(0);
    await expect(page.getByText(/On: finished jobs and batches are announced by this browser/)).toBeVisible();
    // The browser's Settings (no folder picker, a Notifications section) pass axe like the desktop's.
    const axe = await new AxeBuilder({ page })
      .include('#settings')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // The job is in the app's own history, in the data folder npm start was given.
    const db = new Database(join(dataDir, 'history.sqlite'), { readonly: true });
    try {
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number };
      expect(n).toBe(1);
    } finally {
      db.close();
    }
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGINT');
    await exited;
    // The host's last writes at quit (the history's final copy) may land while the folder is removed.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
