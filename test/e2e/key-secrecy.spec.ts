// The API key never reaches the page: after connecting with a known key and using the app, the key is in
// no markup, no input, no web storage, no store of the renderer and no answer or event that crossed IPC.
import { expect, test } from './fixtures';
import { startSeededSandbox } from './harness';
import { connectAccount } from './helpers';

const KEY = 'jrs-e2e-SECRET-7Qm4xV9pL2nR8tWz';

test('the API key is nowhere in the page, its storage or its state', async ({ page, app }) => {
  const sandbox = await startSeededSandbox(KEY);
  try {
    await connectAccount(page, 'Secret test', sandbox.url, KEY);

    // Use the app: a job with an audio address (this account has no uploads), followed to the end.
    await page.getByRole('button', { name: /Weekly Podcast Intro/ }).click();
    await page.getByLabel('Intro script').fill('A short intro.');
    await page.getByRole('textbox', { name: /Voice sample/ }).fill('https://example.com/voice.mp3');
    await page.getByRole('button', { name: 'Submit job' }).click();
    const jobs = page.getByRole('list', { name: 'Submitted jobs' });
    await expect(jobs.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Account: Secret test/ }).click();
    await expect(page.getByRole('menu')).toContainText('••••8tWz');

    const found = await page.evaluate((key) => {
      const hidden = key.slice(0, -4);
      const has = (text: string) => text.includes(key) || text.includes(hidden);
      const storage = (store: Storage) =>
        Array.from({ length: store.length }, (_, i) => {
          const name = store.key(i) ?? '';
          return `${name}=${store.getItem(name) ?? ''}`;
        }).join('\n');
      const debug = (window as unknown as { __jrsDebugState?: () => unknown }).__jrsDebugState;
      return {
        debugStateExposed: typeof debug === 'function',
        html: has(document.documentElement.outerHTML),
        inputs: Array.from(document.querySelectorAll('input, textarea')).some((el) =>
          has((el as HTMLInputElement).value),
        ),
        localStorage: has(storage(localStorage)),
        sessionStorage: has(storage(sessionStorage)),
        state: debug ? has(JSON.stringify(debug())) : true,
      };
    }, KEY);
    expect(found).toEqual({
      debugStateExposed: true,
      html: false,
      inputs: false,
      localStorage: false,
      sessionStorage: false,
      state: false,
    });
    expect(app.traffic.length).toBeGreaterThan(5);
    expect(app.traffic.filter((line) => line.includes(KEY.slice(0, -4)))).toEqual([]);
  } finally {
    await sandbox.close();
  }
});
