// The navigation rail: one link per screen with its shortcut (Ctrl/Cmd+1 to +5) in a tooltip and in
// aria-keyshortcuts, the current one marked for screen readers, and the count of running jobs on Queue.
import { Tooltip } from 'radix-ui';
import { useAccountsStore } from '../accounts/accounts-store';
import { jobCounts } from '../jobs/job-selectors';
import { useJobsStore } from '../jobs/jobs-store';
import { ariaShortcut, shortcutLabel } from '../../lib/platform';
import { useNavStore, type Screen } from './nav-store';

interface RailItem {
  screen: Screen;
  label: string;
  key: string;
  hint: string;
}

const CREATE: RailItem = { screen: 'create', label: 'Create', key: '1', hint: 'Projects and the job form' };
const QUEUE: RailItem = {
  screen: 'queue',
  label: 'Queue',
  key: '2',
  hint: 'Every job, with filters and details',
};
const BATCHES: RailItem = {
  screen: 'batches',
  label: 'Batches',
  key: '3',
  hint: 'Spreadsheets made into many jobs',
};
const SETTINGS: RailItem = {
  screen: 'settings',
  label: 'Settings',
  key: '4',
  hint: 'Download folder, file names and more',
};
// Results came after Settings: the next free digit, so the others' shortcuts stay as people learned them.
const RESULTS: RailItem = {
  screen: 'results',
  label: 'Results',
  key: '5',
  hint: 'Downloaded files: pictures, videos, audio, PDFs',
};
export const RAIL_ITEMS: readonly RailItem[] = [CREATE, QUEUE, BATCHES, RESULTS, SETTINGS];

function RailLink({ item, badge, description }: { item: RailItem; badge?: string; description?: string }) {
  const current = useNavStore((state) => state.screen === item.screen);
  const descriptionId = `rail-${item.screen}-description`;
  return (
    <li>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <a
            href={`#${item.screen}`}
            className={`rail-link rail-${item.screen}`}
            aria-current={current ? 'page' : undefined}
            aria-keyshortcuts={ariaShortcut(item.key)}
            // Radix describes the link by the tooltip when no description of its own is given.
            {...(description ? { 'aria-describedby': descriptionId } : {})}
            onClick={(event) => {
              event.preventDefault();
              useNavStore.getState().go(item.screen, { focus: true });
            }}
          >
            <span className="rail-icon" aria-hidden="true" />
            <span className="rail-label">{item.label}</span>
            {badge ? (
              <span className="rail-badge" aria-hidden="true">
                {badge}
              </span>
            ) : null}
          </a>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" side="right" sideOffset={8}>
            {item.hint}
            <kbd className="kbd">{shortcutLabel(item.key)}</kbd>
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
      {description ? (
        <span id={descriptionId} className="sr-only">
          {description}
        </span>
      ) : null}
    </li>
  );
}

export function NavRail(): React.JSX.Element {
  const accountId = useAccountsStore((state) => state.snapshot?.activeId ?? null);
  // Numbers, not the history: the rail renders again only when a count changes, not on every frame of
  // changes.
  const running = useJobsStore((state) => jobCounts(state.byId, accountId).running);
  const unknown = useJobsStore((state) => jobCounts(state.byId, accountId).unknown);
  const queueWords = [
    running > 0 ? `${running} running` : null,
    unknown > 0 ? `${unknown} with an unknown outcome` : null,
  ].filter(Boolean);

  return (
    <Tooltip.Provider delayDuration={400}>
      <nav className="nav-rail" aria-label="Screens">
        <ul className="rail-list">
          <RailLink item={CREATE} />
          <RailLink
            item={QUEUE}
            badge={running > 0 ? String(running > 99 ? '99+' : running) : unknown > 0 ? '!' : undefined}
            description={queueWords.length > 0 ? queueWords.join(', ') : undefined}
          />
          <RailLink item={BATCHES} />
          <RailLink item={RESULTS} />
          <RailLink item={SETTINGS} />
        </ul>
      </nav>
    </Tooltip.Provider>
  );
}
