// The real app, launched with Playwright's Electron driver: first run → the built-in sandbox account → a
// project → its form → a submitted job. Needs `npm run build` first and an Electron binary; skips without one.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { electronBinary } from './electron-binary';

const executablePath = electronBinary();
const mainScript = resolve('out/main/index.js');

test.describe('the Electron app', () => {
  test.skip(
    !executablePath,
    'Electron binary not installed (cannot be downloaded on this machine): the real app was not launched',
  );

  let app: ElectronApplication;
  let userData: string;

  test.beforeEach(async () => {
    expect(existsSync(mainScript), 'run `npm run build` before this spec').toBe(true);
    // A fresh profile, so that the first-run screen shows and the person's own accounts are untouched.
    userData = mkdtempSync(join(tmpdir(), 'jrs-e2e-'));
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && name !== 'ELECTRON_RENDERER_URL' && name !== 'ELECTRON_RUN_AS_NODE')
        env[name] = value;
    }
    app = await electron.launch({
      executablePath: executablePath!,
      args: [mainScript],
      env: { ...env, JRS_USER_DATA_DIR: userData },
    });
  });

  test.afterEach(async () => {
    await app?.close();
    rmSync(userData, { recursive: true, force: true });
  });

  test('submits a job on the built-in sandbox', async () => {
    // Launching Electron, starting the sandbox and waiting for the job outlast the default test timeout.
    test.setTimeout(120_000);
    const page = await app.firstWindow();
    await page.getByRole('button', { name: /try it without an account/i }).click();

    // A short project of the default seed (resources/sandbox-seed.json): a script and an audio field.
    const project = page.getByRole('button', { name: /weekly podcast intro/i }).first();
    await expect(project).toBeVisible({ timeout: 30_000 });
    await project.click();

    await page
      .getByLabel(/intro script/i)
      .first()
      .fill('Welcome to the weekly podcast, recorded in the sandbox.');
    // The audio field's address input (besides its drop zone): a URL keeps the spec free of file pickers.
    await page
      .getByRole('textbox', { name: /voice sample/i })
      .first()
      .fill('https://example.com/voice-sample.mp3');

    await page.getByRole('button', { name: /submit job/i }).click();
    await expect(page.getByText(/job submitted/i)).toBeVisible({ timeout: 15_000 });

    // The job's status badge (src/features/jobs/job-status.ts) reaches Succeeded: the sandbox takes about
    // 3 s for this project, polling a little more.
    await expect(page.getByText(/^success$/i).first()).toBeVisible({ timeout: 60_000 });
  });
});
