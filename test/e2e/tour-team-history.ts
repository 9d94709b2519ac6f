// Settings → Team history (issue 19) for the screenshot tour and the accessibility check, by keyboard, on a
// real throwaway PostgreSQL cluster this tour starts and stops: a wrong password said in words
// (`74-team-history`, still "On this computer only"), the right address tested and saved, "Restart jrs serve
// to switch" (the browser host cannot restart itself), this computer's history copied in with its counts
// (`75-team-history-connected`), copied again (nothing doubled), then Disconnect after its confirmation.
import type { Locator, Page } from '@playwright/test';
import { startPgCluster } from '../fixtures/pg-cluster';
import { expect } from './fixtures';
import type { Harness } from './harness';
import { startOnSandbox } from './helpers';
import { submitPodcast } from './tour-team-credits';
import type { TrustVisit } from './tour-trust';

/** The wrong password the tour types (a spec checks it never comes back to the page). */
export const WRONG_PASSWORD = 'not-the-password-0042';

export const teamHistorySection = (page: Page): Locator => page.getByRole('region', { name: 'Team history' });

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

    // Disconnect, confirmed by keyboard: the saved address goes, nothing changes until the next start.
    await section.getByRole('button', { name: 'Disconnect…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Disconnect from the team database?' });
    await expect(dialog).toContainText(address);
    await dialog.getByRole('button', { name: 'Disconnect' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Team history' })).toBeFocused();
    await expect(section.getByRole('button', { name: 'Disconnect…' })).toHaveCount(0);
    await expect(section.getByTestId('team-next-start')).toHaveCount(0);
    await expect(section.getByTestId('team-history-now')).toContainText('On this computer only');
  } finally {
    await cluster.stop();
  }
}
