// Settings → Team history's sentences, from what main answers (addresses come without their password):
// where the history lives now, what the next start changes, what connecting found and what a copy did.
import type {
  CopiedHistoryView,
  TeamCheck,
  TeamConnectionView,
} from '../../../electron/shared/ipc/channels/team';

/** Where the history lives now, in one line. */
export function whereNowWords(view: TeamConnectionView): string {
  return view.now.history === 'team'
    ? `Shared with your team at ${view.now.address}`
    : 'On this computer only';
}

/** What that means for the person, under the line above. */
export function whereNowNote(view: TeamConnectionView): string {
  if (view.now.history === 'this-computer')
    return 'The jobs and batches you submit are kept in this computer’s history; colleagues do not see them.';
  const from =
    view.now.source === 'environment'
      ? 'Its address comes from JRS_DATABASE_URL, for this run.'
      : 'Its address is saved in this computer’s keychain.';
  return `Jobs, batches, accounts (never their keys) and who submitted what are shared with everyone connected to it; downloaded files stay on each computer. ${from}`;
}

/** What the next start changes, or null when it changes nothing. */
export function nextStartWords(view: TeamConnectionView): string | null {
  if (!view.restartNeeded) return null;
  return view.next.history === 'team'
    ? `Saved: the team history at ${view.next.address} is used from the next start.`
    : 'Disconnected: this computer’s own history is used again from the next start. The team’s history stays in its database.';
}

/** What connecting found. */
export function checkWords(check: TeamCheck): string {
  const schema =
    check.schemaVersion === null
      ? 'it holds no team history yet'
      : `its team history is at version ${check.schemaVersion}`;
  return `Connected to ${check.address} (PostgreSQL ${check.serverVersion}); ${schema}. The address is saved in this computer’s keychain.`;
}

/** Said when a newer app made the team history: this one reads it and never writes. */
export function newerWords(check: TeamCheck): string {
  return `A newer version of Job Rendering Studio made this team history (version ${check.schemaVersion ?? '?'}; this app knows up to ${check.knownSchemaVersion}). You will see it but cannot submit to it until you update the app.`;
}

function counted(counts: { copied: number; alreadyThere: number }, one: string, many: string): string {
  const word = counts.copied === 1 ? one : many;
  return `${counts.copied} ${word}${counts.alreadyThere ? ` (${counts.alreadyThere} already there)` : ''}`;
}

/** What a copy did, table by table. */
export function copiedWords(copied: CopiedHistoryView): string {
  const { jobs, batches, settings, downloads } = copied.counts;
  return `Copied into ${copied.address}: ${counted(jobs, 'job', 'jobs')}, ${counted(batches, 'batch', 'batches')}, ${counted(settings, 'setting', 'settings')}, ${counted(downloads, 'download record', 'download records')}. Nothing on this computer was changed; copying again adds nothing twice.`;
}
