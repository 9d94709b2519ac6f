// The Settings screen: the active account's download settings (read when the screen's account changes).
// Accounts themselves are managed from the account menu at the top right, which says so here.
import { useEffect, useState } from 'react';
import type { DownloadSettings } from '../../../electron/shared/domain/download';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { api, call, failureMessage } from '../../lib/api';
import { AccountsSettings } from '../accounts/AccountsSettings';
import { useAccountsStore } from '../accounts/accounts-store';
import { useNavStore } from '../navigation/nav-store';
import { useHostCapabilities } from '../../lib/host-capabilities';
import { DownloadSettingsForm } from './DownloadSettingsForm';
import { PageNotificationsSetting } from './PageNotificationsSetting';
import { BackToForm } from './BackToForm';
import { StorageSettingsForm } from './StorageSettingsForm';
import { UpdatesSettings } from '../updates/UpdatesSettings';
import { CreditsSpent } from '../team/CreditsSpent';
import { DisplayNameSetting } from '../team/DisplayNameSetting';
import { TeamHistorySetting } from '../team/TeamHistorySetting';

type Loaded =
  { state: 'loading' } | { state: 'ready'; settings: DownloadSettings } | { state: 'error'; message: string };

/** The account's settings; 'loading' until the answer for this account (and this attempt) is in. */
function useDownloadSettings(accountId: string | null): [Loaded, () => void] {
  const [attempt, setAttempt] = useState(0);
  const key = `${accountId}:${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    if (!accountId) return;
    let current = true;
    call(() => api().downloads.settings()).then(
      (settings) => current && setAnswer({ key, loaded: { state: 'ready', settings } }),
      (error: unknown) =>
        current && setAnswer({ key, loaded: { state: 'error', message: failureMessage(error) } }),
    );
    return () => {
      current = false;
    };
  }, [accountId, key]);
  const loaded: Loaded = answer?.key === key ? answer.loaded : { state: 'loading' };
  return [loaded, () => setAttempt((count) => count + 1)];
}

export function SettingsScreen(): React.JSX.Element {
  const accountId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  const accountName = useAccountsStore(
    (state) => state.snapshot?.accounts.find((account) => account.id === accountId)?.name ?? null,
  );
  const [loaded, retry] = useDownloadSettings(accountId);
  const focusRequest = useNavStore((state) => state.focusRequest);
  const focusSection = useNavStore((state) => state.focusSection);
  const shown = useNavStore((state) => state.screen === 'settings');
  const capabilities = useHostCapabilities();
  // The heading takes focus (a screen reader starts there; Tab goes on to the first setting), or the heading
  // of the section a link asked for (the job form's "Set up asset storage"), scrolled into view.
  useEffect(() => {
    if (!shown || focusRequest === 0) return;
    const heading = document.getElementById(focusSection ? `settings-${focusSection}` : 'settings-title');
    heading?.focus();
    if (focusSection) heading?.scrollIntoView({ block: 'start' });
  }, [focusRequest, focusSection, shown]);

  return (
    <div className="settings-screen">
      <h2 className="settings-title" id="settings-title" tabIndex={-1}>
        Settings
      </h2>
      <section className="settings-section" aria-labelledby="settings-downloads">
        <div className="settings-section-head">
          <h3 id="settings-downloads" className="settings-heading">
            Downloads
          </h3>
          <p className="settings-note">
            For {accountName ? `“${accountName}”` : 'this account'}; each account keeps its own.
          </p>
        </div>
        {loaded.state === 'ready' ? (
          <DownloadSettingsForm key={accountId} initial={loaded.settings} />
        ) : loaded.state === 'error' ? (
          <ErrorNotice title="The download settings could not be read" onRetry={retry}>
            {loaded.message}
          </ErrorNotice>
        ) : (
          <div className="panel-loading">
            <Spinner size="md" />
            <p role="status">Reading the settings…</p>
          </div>
        )}
      </section>
      <section className="settings-section" aria-labelledby="settings-storage">
        <div className="settings-section-head">
          <h3 id="settings-storage" className="settings-heading" tabIndex={-1}>
            Asset storage
          </h3>
          <p className="settings-note">Where dropped photos and audio are uploaded, for this account.</p>
          <BackToForm />
        </div>
        <StorageSettingsForm key={accountId} accountId={accountId} />
      </section>
      {capabilities.pageNotifications && (
        <section className="settings-section" aria-labelledby="settings-notifications">
          <h3 id="settings-notifications" className="settings-heading">
            Notifications
          </h3>
          <PageNotificationsSetting />
        </section>
      )}
      <section className="settings-section" aria-labelledby="settings-updates">
        <h3 id="settings-updates" className="settings-heading" tabIndex={-1}>
          Updates
        </h3>
        <UpdatesSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-team-history">
        <h3 id="settings-team-history" className="settings-heading" tabIndex={-1}>
          Team history
        </h3>
        <TeamHistorySetting />
      </section>
      <section className="settings-section" aria-labelledby="settings-team-name">
        <h3 id="settings-team-name" className="settings-heading" tabIndex={-1}>
          Your name on the team
        </h3>
        <DisplayNameSetting />
      </section>
      <section className="settings-section" aria-labelledby="settings-credits">
        <div className="settings-section-head">
          <h3 id="settings-credits" className="settings-heading" tabIndex={-1}>
            Credits spent
          </h3>
          <p className="settings-note">
            What the jobs of {accountName ? `“${accountName}”` : 'this account'} that finished in the period
            were charged, by person and by batch.
          </p>
        </div>
        <CreditsSpent />
      </section>
      <section className="settings-section" aria-labelledby="settings-accounts">
        <h3 id="settings-accounts" className="settings-heading">
          Accounts
        </h3>
        <AccountsSettings />
      </section>
    </div>
  );
}
