// Connecting accounts: a refused key and an unreachable address are said plainly; a good key connects;
// the header's switcher adds, switches and (after confirming) removes accounts; without a keychain the
// person chooses where the key goes (this session only, badged wherever the account is shown, or an
// owner-only key file), a session-only account is listed "key missing" after a restart and given its key
// again as the same account; the built-in sandbox needs no keychain at all.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
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

  const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

  test('the person chooses where the key goes, by keyboard: this session only (badged), then a key file', async ({
    page,
    app,
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
      // Not dropped, not kept silently: a choice is asked for, and both ways are named.
      await expect(page.getByText(/Choose “This session only” or “Save in a key file/)).toBeVisible();
      const keyFile = page.getByRole('radio', { name: /Save in a key file only you can read/ });
      await expect(keyFile).toBeVisible();
      await expect(page.getByText(join(app.dataDir, 'keys'), { exact: false })).toBeVisible();
      // By keyboard: Tab from the key to the choice, arrows between its options, Space to take one.
      await page.getByLabel('API key').focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('radio', { name: /This session only/ })).toBeFocused();
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio', { name: /This session only/ })).toBeChecked();
      await page.getByRole('button', { name: 'Connect account' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible();

      // Shown while it lasts: in the header, its menu, and Settings → Accounts.
      const header = page.getByRole('button', { name: /^Account: Acme marketing/ });
      await expect(header).toContainText('This session only');
      await header.click();
      await expect(page.getByRole('menuitemradio', { name: /This session only/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+4');
      const accounts = page.getByRole('list', { name: 'Accounts' });
      await expect(accounts.getByTestId('key-badge')).toHaveText('This session only');
      await expect(accounts).toContainText('forgotten when the app quits');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await expect(accounts.getByTestId('key-badge')).toBeVisible();
        const axe = await new AxeBuilder({ page }).include('.settings-section').withTags(TAGS).analyze();
        expect(axe.violations, `${colorScheme}: ${JSON.stringify(axe.violations)}`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // Quit and reopen: the account is still there, its key missing, with the way to give it again.
      await app.restart();
      await page.reload();
      // The reloaded page takes shortcuts once its header is there: a key pressed earlier is lost.
      await expect(page.getByRole('button', { name: /^Account: Acme marketing/ })).toContainText(
        'Key missing',
      );
      await page.keyboard.press('Control+4');
      await expect(accounts.getByTestId('key-badge')).toHaveText('Key missing — add it again');
      // The account menu offers the same way back.
      await page.getByRole('button', { name: /^Account: Acme marketing/ }).click();
      await expect(
        page.getByRole('menuitem', { name: 'Add the key of “Acme marketing” again…' }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      const again = page.getByRole('button', { name: 'Add the key of “Acme marketing” again…' });
      await again.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add the key of “Acme marketing” again' });
      await expect(dialog.getByLabel('Account name')).toHaveValue('Acme marketing');
      await expect(dialog.getByLabel('Service address')).toHaveValue(sandbox.url);
      await dialog.getByLabel('API key').fill(GOOD_KEY);
      await dialog.getByRole('radio', { name: /Save in a key file only you can read/ }).check();
      await dialog.getByRole('button', { name: 'Connect account' }).click();
      await expect(dialog).toBeHidden();
      // The same account (one in the list), its key now in an owner-only file whose place is said.
      await expect(accounts.getByRole('listitem')).toHaveCount(1);
      await expect(accounts.getByTestId('key-badge')).toHaveText('Key file');
      await expect(accounts).toContainText(join(app.dataDir, 'keys'));
      await app.restart();
      await page.reload();
      await expect(page.getByTestId('credits')).toContainText('500');
      await page.keyboard.press('Control+4');
      await expect(accounts.getByTestId('key-badge')).toHaveText('Key file');
    } finally {
      await sandbox.close();
    }
  });

  test('the built-in sandbox needs no keychain: the same account after a restart', async ({ page, app }) => {
    await startOnSandbox(page);
    await expect(page.getByRole('button', { name: /^Account: Sandbox/ })).toBeVisible();
    await app.restart();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account: Sandbox/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /try it without an account/i })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Active projects' })).toBeVisible();
  });
});
