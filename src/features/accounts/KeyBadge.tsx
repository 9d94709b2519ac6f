// Where an account's key lives, as a badge wherever the account is shown: "This session only" (gone when
// the app quits), "Key file", "Key missing — add it again" (its jobs and batches are kept, read-only), or
// a team account whose key this computer does not keep (its jobs seen, read-only).
import type { AccountView } from '../../../electron/shared/domain/account';

export function keyBadgeWords(account: AccountView): { text: string; tone: 'warning' | 'neutral' } | null {
  if (account.storage === 'team') return { text: 'Team’s — no key here', tone: 'neutral' };
  if (account.state === 'key-missing') return { text: 'Key missing — add it again', tone: 'warning' };
  if (account.storage === 'session') return { text: 'This session only', tone: 'warning' };
  if (account.storage === 'key-file') return { text: 'Key file', tone: 'neutral' };
  return null;
}

export function KeyBadge({ account }: { account: AccountView }): React.JSX.Element | null {
  const words = keyBadgeWords(account);
  if (!words) return null;
  return (
    <span className={`tag ${words.tone === 'warning' ? 'tag-warning' : ''}`} data-testid="key-badge">
      {words.text}
    </span>
  );
}
