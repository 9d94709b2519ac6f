// Connecting accounts: a refused key and an unreachable address are said plainly; a good key connects;
// the header's switcher adds, switches and (after confirming) removes accounts; without a keychain the
// key can be kept for the session only.
import { expect, test } from './fixtures';
import { NO_KEYCHAIN_REASON, startSeededSandbox } from './harness';
import { startOnSandbox } from './helpers';

const GOOD_KEY = 'e2e-good-key-00000042';

test('a refused key and an unreachable address are explained; the right key connects', async ({
  page,
  app: _app,
}) => {
  const sandbox = await startSeededSandbox(GOOD_KEY);
  try {
    await page.getByRole('button', { name: /connect an account/i }).click();
    await expect(page.getByRole('heading', { name: 'Connect an account' })).toBeVisible();

    // Nothing filled in: every field is flagged before anything is sent.
    await page.getByRole('button', { name: 'Connect account' }).click();
    await expect(page.getByText('Give the account a name.')).toBeVisible();
    await expect(page.getByLabel('Account name')).toBeFocused();
    await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Account name').fill('Acme marketing');
    await page.getByLabel('Service address').fill(sandbox.url);
    await page.getByLabel('API key').fill('this-key-is-wrong-1234');
    await page.getByRole('button', { name: 'Connect account' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The service refused this API key' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Copy the whole key again');

    await page.getByLabel('Service address').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Connect account' }).click();
    const unreachable = page.getByRole('alert').filter({ hasText: 'The service could not be reached' });
    await expect(unreachable).toBeVisible({ timeout: 20_000 });
    await expect(unreachable).toContainText('Could not reach http://127.0.0.1:9');

    await page.getByLabel('Service address').fill(sandbox.url);
    await page.getByLabel('API key').fill(GOOD_KEY);
    await page.getByRole('button', { name: 'Connect account' }).click();
    await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible();
    const switcher = page.getByRole('button', { name: /^Account: Acme marketing/ });
    await expect(switcher).toContainText('••••0042');
    await expect(page.getByTestId('credits')).toContainText('500');
    // A real account has no asset storage yet: its image fields take addresses, and say why.
    await page.getByRole('button', { name: /Social Banner 1080x1080/ }).click();
    await expect(page.getByText(/File uploads need asset storage/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose file…' })).toHaveCount(0);
  } finally {
    await sandbox.close();
  }
});

test('the header switches between accounts and removes one after a confirmation', async ({
  page,
  app: _app,
}) => {
  const sandbox = await startSeededSandbox(GOOD_KEY);
  try {
    await startOnSandbox(page);
    await page.getByRole('button', { name: /^Account: Sandbox/ }).click();
    await page.getByRole('menuitem', { name: 'Add an account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    await dialog.getByLabel('Account name').fill('Acme marketing');
    await dialog.getByLabel('Service address').fill(sandbox.url);
    await dialog.getByLabel('API key').fill(GOOD_KEY);
    await dialog.getByRole('button', { name: 'Connect account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Account: Acme marketing/ })).toBeVisible();

    // Switch back to the sandbox from the menu (keyboard: arrows and Enter).
    await page.getByRole('button', { name: /^Account: Acme/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
    await expect(menu.getByRole('menuitemradio', { name: /Acme marketing/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await menu.getByRole('menuitemradio', { name: /Sandbox/ }).click();
    await expect(page.getByRole('button', { name: /^Account: Sandbox/ })).toBeVisible();

    // Remove the sandbox account: a confirmation first; Cancel keeps it.
    await page.getByRole('button', { name: /^Account: Sandbox/ }).click();
    await page.getByRole('menuitem', { name: /^Remove/ }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Remove “Sandbox (demo)”?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: /^Account: Sandbox/ }).click();
    await page.getByRole('menuitem', { name: /^Remove/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove account' }).click();
    await expect(page.getByRole('button', { name: /^Account: Acme marketing/ })).toBeVisible();

    // Removing the last account leads back to the first-run screen.
    await page.getByRole('button', { name: /^Account: Acme/ }).click();
    await page.getByRole('menuitem', { name: /^Remove/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove account' }).click();
    await expect(page.getByRole('button', { name: /try it without an account/i })).toBeVisible();
  } finally {
    await sandbox.close();
  }
});

test.describe('on a computer without a keychain', () => {
  test.use({ keychain: 'missing' });

  test('the form explains it and keeps the key for this session only when asked', async ({
    page,
    app: _app,
  }) => {
    const sandbox = await startSeededSandbox(GOOD_KEY);
    try {
      await page.getByRole('button', { name: /connect an account/i }).click();
      await expect(page.getByText('No keychain was found')).toBeVisible();
      await expect(page.getByText(NO_KEYCHAIN_REASON)).toBeVisible();
      await page.getByLabel('Account name').fill('Acme marketing');
      await page.getByLabel('Service address').fill(sandbox.url);
      await page.getByLabel('API key').fill(GOOD_KEY);
      await page.getByRole('button', { name: 'Connect account' }).click();
      await expect(page.getByText(/Tick “Keep the key for this session only” to continue/)).toBeVisible();
      await page.getByRole('checkbox', { name: 'Keep the key for this session only' }).check();
      await page.getByRole('button', { name: 'Connect account' }).click();
      await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible();
      await page.getByRole('button', { name: /^Account: Acme marketing/ }).click();
      await expect(page.getByRole('menuitemradio', { name: /this session only/ })).toBeVisible();
    } finally {
      await sandbox.close();
    }
  });
});
