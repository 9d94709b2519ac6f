// Settings → Team history (issue 19) for the screenshot tour and the accessibility check, by keyboard, on a
// real throwaway PostgreSQL cluster this tour starts and stops: a wrong password said in words
// (`74-team-history`, still "On this computer only"), the right address tested and saved, "Restart jrs serve
// to switch" (the browser host cannot restart itself), this computer's history copied in with its counts
// (`75-team-history-connected`), copied again (nothing doubled); jrs serve started again on the team history
// (`76-team-history-on-team`), a colleague's account listed read-only in Settings → Accounts
// (`77-team-account-read-only`); then Disconnect after its confirmation, and this computer's history again.
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { startPgCluster } from '../fixtures/pg-cluster';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import { submitPodcast } from './tour-team-credits';
import type { TrustVisit } from './tour-trust';

/** The wrong password the tour types (a spec checks it never comes back to the page). */
export const WRONG_PASSWORD = 'not-the-password-0042';

export const teamHistorySection = (page: Page): Locator => page.getByRole('region', { name: 'Team history' });

/** The account a colleague's app published to the team (its id is derived from a key this computer lacks). */
const COLLEAGUES_ACCOUNT = 'Brand (Ada’s key)';

async function publishColleaguesAccount(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('INSERT INTO accounts (id, name, base_url, added_at_ms) VALUES ($1, $2, $3, $4)', [
      'env-0123456789abcdef01234567',
      COLLEAGUES_ACCOUNT,
      'https://render.example.com',
      Date.now(),
    ]);
  } finally {
    await client.end();
  }
}

/** Types the address into the (password) field and presses Enter, as a person pasting it would. */
async function connectWith(section: Locator, url: string): Promise<void> {
  const field = section.getByLabel('Team database address');
  await field.focus();
  await field.fill(url);
  await field.press('Enter');
}

export async function tourTeamHistoryScreens(page: Page, app: Harness, visit: TrustVisit): Promise<void> {
  const cluster = await startPgCluster();
  try {
    const url = await cluster.createDatabase();
    const database = new URL(url).pathname.slice(1);
    const address = `postgres://jrs@127.0.0.1:${cluster.port}/${database}`;
    await startOnSandbox(page);
    // One job in this computer's history, to copy in.
    await submitPodcast(app, 'Berlin');

    await page.keyboard.press('Control+4');
    const section = teamHistorySection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('team-history-now')).toContainText('On this computer only');
    const field = section.getByLabel('Team database address');
    await expect(field).toHaveAttribute('type', 'password');
    await expect(field).toHaveValue('');

    const wrong = new URL(url);
    wrong.password = WRONG_PASSWORD;
    await connectWith(section, wrong.toString());
    const failure = section.getByRole('alert');
    await expect(failure).toContainText('Not connected: nothing was saved', { timeout: 20_000 });
    await expect(failure).toContainText(`refused to sign in user "jrs"`);
    await expect(failure).not.toContainText(WRONG_PASSWORD);
    await visit('74-team-history', page, section.getByRole('form', { name: /Connect a team database/ }));

    await connectWith(section, url);
    const outcome = section.getByTestId('team-connect-outcome');
    await expect(outcome).toContainText(`Connected to ${address} (PostgreSQL ${cluster.version})`, {
      timeout: 20_000,
    });
    await expect(field).toHaveValue('');
    await expect(section.getByRole('alert')).toHaveCount(0);
    const next = section.getByTestId('team-next-start');
    await expect(next).toContainText('Restart jrs serve to switch');
    await expect(next).toContainText(`Saved: the team history at ${address} is used from the next start.`);
    await expect(section.getByTestId('team-history-now')).toContainText('On this computer only');

    const copy = section.getByRole('button', { name: 'Copy this computer’s history in' });
    await copy.focus();
    await page.keyboard.press('Enter');
    const copied = section.getByTestId('team-copy-outcome');
    await expect(copied).toContainText(`Copied into ${address}: 1 job,`, { timeout: 20_000 });
    await copy.focus();
    await visit('75-team-history-connected', page, copied);

    // Again: nothing doubled.
    await page.keyboard.press('Enter');
    await expect(copied).toContainText('0 jobs (1 already there)', { timeout: 20_000 });

    // A colleague's app made the team's account known (this computer keeps no key for it).
    await publishColleaguesAccount(url);
    // jrs serve started again: the history is the team's now.
    await app.restart();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
    await page.keyboard.press('Control+4');
    const onTeam = teamHistorySection(page);
    await onTeam.scrollIntoViewIfNeeded();
    await expect(onTeam.getByTestId('team-history-now')).toContainText(`Shared with your team at ${address}`);
    await expect(onTeam.getByTestId('team-next-start')).toHaveCount(0);
    await visit('76-team-history-on-team', page, onTeam.getByTestId('team-history-now'));
    // Settings → Accounts: the colleague's account, its jobs read-only here until its key is added.
    const accounts = page.getByRole('list', { name: 'Accounts' });
    const colleagues = accounts.getByRole('listitem').filter({ hasText: COLLEAGUES_ACCOUNT });
    await colleagues.scrollIntoViewIfNeeded();
    await expect(colleagues.getByTestId('key-badge')).toHaveText('Team’s — no key here');
    await expect(colleagues).toContainText('The team’s account: its jobs are shown, read-only.');
    await expect(
      colleagues.getByRole('button', { name: `Add the key of “${COLLEAGUES_ACCOUNT}”…` }),
    ).toBeVisible();
    await visit('77-team-account-read-only', page, colleagues);

    // Disconnect, confirmed by keyboard: the saved address goes, the team's history stays until the next start.
    await onTeam.scrollIntoViewIfNeeded();
    await onTeam.getByRole('button', { name: 'Disconnect…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Disconnect from the team database?' });
    await expect(dialog).toContainText(address);
    await dialog.getByRole('button', { name: 'Disconnect' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Team history' })).toBeFocused();
    await expect(onTeam.getByRole('button', { name: 'Disconnect…' })).toHaveCount(0);
    await expect(onTeam.getByTestId('team-next-start')).toContainText(
      'Disconnected: this computer’s own history is used again from the next start.',
    );
    // Started again: this computer's own history, as before.
    await app.restart();
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
    await page.keyboard.press('Control+4');
    await expect(teamHistorySection(page).getByTestId('team-history-now')).toContainText(
      'On this computer only',
    );
  } finally {
    await cluster.stop();
  }
}
