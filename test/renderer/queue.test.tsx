// @vitest-environment jsdom
// The Queue screen: status in words (service status and tracking state), filters, search by id or value,
// sorting by column, selection by mouse and keyboard, "Select all failed", the toolbar's actions, the detail
// drawer's actions and the words said after each, an unknown outcome resolved, and tracking a job by id.
import './setup';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../electron/shared/domain/job';
import { useBatchesStore } from '../../src/features/batches/batches-store';
import { useJobsStore } from '../../src/features/jobs/jobs-store';
import { QueueScreen } from '../../src/features/queue/QueueScreen';
import { useQueueStore } from '../../src/features/queue/queue-store';
import { FakeFailure, installFakeApi, type FakeHandlers } from './fake-api';
import { detail, job, seedHistory } from './fixtures';

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

/** A small history with one job of every kind a person tells apart. */
const HISTORY: JobView[] = [
  job({
    id: 'h-running',
    uuid: 'aaaa1111-run',
    projectId: 'p-banner',
    projectName: 'Social Banner',
    summary: 'Spring launch · Hello world',
    values: { headline: 'Spring launch', hero: { image_url: 'https://cdn.example.com/hero.png' } },
    status: 'IN_PROGRESS',
    createdAt: minutesAgo(1),
    expectedAt: new Date(NOW + 150_000).toISOString(),
  }),
  job({
    id: 'h-failed',
    uuid: 'bbbb2222-fail',
    projectId: 'p-banner',
    projectName: 'Social Banner',
    summary: 'Summer sale',
    values: { headline: 'Summer sale' },
    status: 'FAILED',
    tracking: 'final',
    error: 'The worker could not read the image.',
    createdAt: minutesAgo(2),
    finishedAt: minutesAgo(1),
    creditUsed: 0,
  }),
  job({
    id: 'h-done',
    uuid: 'cccc3333-done',
    projectId: 'p-podcast',
    projectName: 'Podcast Intro',
    jobType: 'tts',
    summary: 'Café opening',
    values: { script: 'Café opening' },
    status: 'SUCCESS',
    tracking: 'final',
    createdAt: minutesAgo(60 * 24 * 3),
    finishedAt: minutesAgo(60 * 24 * 3 - 2),
    creditUsed: 5,
    batchId: 'batch-77',
    batchRow: 12,
  }),
  job({
    id: 'h-unknown',
    uuid: null,
    projectId: 'p-podcast',
    projectName: 'Podcast Intro',
    jobType: 'tts',
    summary: 'Winter greeting',
    values: { script: 'Winter greeting' },
    status: null,
    tracking: 'unknown',
    trackingNote: 'The connection broke after the request was sent.',
    createdAt: minutesAgo(5),
  }),
  job({
    id: 'h-lost',
    uuid: 'dddd4444-lost',
    projectId: 'p-banner',
    projectName: 'Social Banner',
    summary: 'Old promo',
    values: { headline: 'Old promo' },
    status: 'QUEUED',
    tracking: 'lost',
    createdAt: minutesAgo(60 * 24 * 40),
  }),
  job({
    id: 'h-failed-2',
    uuid: 'eeee5555-fail',
    projectId: 'p-podcast',
    projectName: 'Podcast Intro',
    jobType: 'tts',
    summary: 'Autumn jingle',
    values: { script: 'Autumn jingle' },
    status: 'FAILED',
    tracking: 'final',
    createdAt: minutesAgo(10),
  }),
];

function setup(handlers: FakeHandlers = {}, history: JobView[] = HISTORY) {
  const api = installFakeApi({
    'jobs:get': (params) => {
      const id = (params as { id: string }).id;
      const view = useJobsStore.getState().byId[id];
      if (!view)
        throw new FakeFailure({ kind: 'not-found', message: 'That job is no longer in the history.' });
      return detail(view);
    },
    'jobs:requeueCost': (params) => {
      const ids = 'ids' in (params as object) ? (params as { ids: string[] }).ids : [];
      return { jobs: ids.length, skipped: 0, credits: 12 * ids.length, unknown: 0 };
    },
    ...handlers,
  });
  seedHistory(history);
  render(<QueueScreen />);
  const user = userEvent.setup();
  const grid = screen.getByRole('grid', { name: 'Jobs' });
  return { api, user, grid };
}

/** The summaries of the rows shown, top to bottom. */
function shownSummaries(grid: HTMLElement): string[] {
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.col-summary')?.textContent ?? '');
}

function row(grid: HTMLElement, summary: string | RegExp): HTMLElement {
  return within(grid).getByRole('row', { name: summary instanceof RegExp ? summary : new RegExp(summary) });
}

function selectedSummaries(grid: HTMLElement): string[] {
  return within(grid)
    .getAllByRole('row')
    .filter((one) => one.getAttribute('aria-selected') === 'true')
    .map((one) => one.querySelector('.col-summary')?.textContent ?? '');
}

describe('the grid', () => {
  it('places a batch job by its batch’s name and its row’s number in the sheet, not ids and indexes', async () => {
    // Row index 12 of the sheet "banners.csv": the 15th line of the file (a header, then blank lines kept).
    const lines = Array.from({ length: 13 }, (_, index) => index + 3);
    useBatchesStore.setState({
      byId: {
        'batch-77': {
          id: 'batch-77',
          accountId: 'acc-1',
          projectId: 'p1',
          projectName: 'Spring banners',
          name: 'banners · 26 Nov 2026',
          createdAt: '2026-11-26T09:00:00.000Z',
          state: 'running',
          rows: 13,
          nameTemplate: null,
          columns: ['Name'],
        },
      },
    });
    const { grid } = setup({
      'batches:sheet': () => ({ columns: ['Name'], rows: lines.map((n) => [`row ${n}`]), lines }),
    });
    try {
      await waitFor(() =>
        expect(row(grid, 'Café opening')).toHaveTextContent('banners · 26 Nov 2026 · row 15'),
      );
      expect(row(grid, 'Café opening')).not.toHaveTextContent('batch-77');
    } finally {
      useBatchesStore.setState({ byId: {} });
    }
  });

  it('shows the service status and our tracking state in words, newest first', () => {
    const { grid } = setup();
    expect(shownSummaries(grid)).toEqual([
      'Spring launch · Hello world',
      'Summer sale',
      'Winter greeting',
      'Autumn jingle',
      'Café opening',
      'Old promo',
    ]);
    expect(row(grid, 'Spring launch')).toHaveTextContent('In progress');
    expect(row(grid, 'Spring launch')).toHaveTextContent(/about \d min left/);
    expect(row(grid, 'Winter greeting')).toHaveTextContent('Outcome unknown');
    expect(row(grid, 'Old promo')).toHaveTextContent('Lost· last queued');
    const badge = row(grid, 'Old promo').querySelector('.badge');
    expect(badge).toHaveAttribute('title', 'Service: Queued. App: Lost: the service no longer knows it.');
    // The exact time is on hover.
    const created = row(grid, 'Summer sale').querySelector('time');
    expect(created).toHaveTextContent(/^2 min\.? ago$/);
    expect(created?.getAttribute('title')).toMatch(/\d{2}:\d{2}:\d{2}/);
  });

  it('greys the jobs of a removed account and says why', () => {
    const { grid } = setup({}, [job({ id: 'old', summary: 'Kept job', archived: true })]);
    const archived = row(grid, 'Kept job');
    expect(archived).toHaveClass('is-archived');
    expect(archived).toHaveTextContent('Archived');
  });
});

describe('filters, search and sort', () => {
  it('filters by status, including the tracking states', async () => {
    const { user, grid } = setup();
    const status = screen.getByRole('combobox', { name: 'Status' });
    await user.selectOptions(status, 'Failed');
    expect(shownSummaries(grid)).toEqual(['Summer sale', 'Autumn jingle']);
    await user.selectOptions(status, 'Outcome unknown');
    expect(shownSummaries(grid)).toEqual(['Winter greeting']);
    await user.selectOptions(status, 'Lost');
    expect(shownSummaries(grid)).toEqual(['Old promo']);
    await user.selectOptions(status, 'Running (not finished)');
    expect(shownSummaries(grid)).toEqual(['Spring launch · Hello world']);
    expect(screen.getByTestId('queue-count')).toHaveTextContent('1 of 6 jobs');
  });

  it('filters by project, type, batch and date, and clears them all at once', async () => {
    const { user, grid } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project' }), 'Podcast Intro');
    expect(shownSummaries(grid)).toEqual(['Winter greeting', 'Autumn jingle', 'Café opening']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Batch' }), 'Batch batch-77');
    expect(shownSummaries(grid)).toEqual(['Café opening']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Image');
    expect(shownSummaries(grid)).toEqual(['Spring launch · Hello world', 'Summer sale', 'Old promo']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'All types');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date' }), 'Last 7 days');
    expect(shownSummaries(grid)).not.toContain('Old promo');
    expect(shownSummaries(grid)).toContain('Café opening');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date' }), 'Today');
    expect(shownSummaries(grid)).not.toContain('Café opening');
  });

  it('searches by history id, by service id and by any value’s text (accents and case aside)', async () => {
    const { user, grid } = setup();
    const search = screen.getByRole('searchbox', { name: 'Search jobs' });
    await user.type(search, 'h-lost');
    expect(shownSummaries(grid)).toEqual(['Old promo']);
    await user.clear(search);
    await user.type(search, 'EEEE5555');
    expect(shownSummaries(grid)).toEqual(['Autumn jingle']);
    await user.clear(search);
    await user.type(search, 'cafe');
    expect(shownSummaries(grid)).toEqual(['Café opening']);
    await user.clear(search);
    await user.type(search, 'hero.png');
    expect(shownSummaries(grid)).toEqual(['Spring launch · Hello world']);
    await user.type(search, 'zzz');
    expect(screen.getByText('No job matches')).toBeInTheDocument();
  });

  it('sorts by a clicked column, says so with aria-sort, and reverses on a second click', async () => {
    const { user, grid } = setup();
    const header = (name: string) => within(grid).getByRole('columnheader', { name });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header('Values')).getByRole('button'));
    expect(header('Values')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Created')).not.toHaveAttribute('aria-sort');
    expect(shownSummaries(grid)).toEqual([
      'Autumn jingle',
      'Café opening',
      'Old promo',
      'Spring launch · Hello world',
      'Summer sale',
      'Winter greeting',
    ]);
    await user.click(within(header('Values')).getByRole('button'));
    expect(header('Values')).toHaveAttribute('aria-sort', 'descending');
    expect(shownSummaries(grid)[0]).toBe('Winter greeting');
    // Credits: largest first, and jobs without credits last.
    await user.click(within(header('Credits')).getByRole('button'));
    expect(shownSummaries(grid).slice(0, 2)).toEqual(['Café opening', 'Summer sale']);
  });
});

describe('selection', () => {
  it('by mouse: click selects one, Ctrl-click toggles, Shift-click selects a range', async () => {
    const { user, grid } = setup();
    await user.click(row(grid, 'Summer sale'));
    expect(selectedSummaries(grid)).toEqual(['Summer sale']);
    await user.keyboard('[ControlLeft>]');
    await user.click(row(grid, 'Café opening'));
    await user.keyboard('[/ControlLeft]');
    expect(selectedSummaries(grid)).toEqual(['Summer sale', 'Café opening']);
    await user.keyboard('[ShiftLeft>]');
    await user.click(row(grid, 'Winter greeting'));
    await user.keyboard('[/ShiftLeft]');
    // From the anchor (the last plain or Ctrl click) to here.
    expect(selectedSummaries(grid)).toEqual(['Winter greeting', 'Autumn jingle', 'Café opening']);
    expect(screen.getByTestId('queue-count')).toHaveTextContent('6 jobs · 3 selected');
    // A click on a row's box toggles it, like Ctrl-click.
    await user.click(row(grid, 'Old promo').querySelector('.col-select')!);
    expect(selectedSummaries(grid)).toHaveLength(4);
  });

  it('by keyboard: arrows move, Space toggles, Shift+arrows extend, Ctrl+A selects all, Escape clears', async () => {
    const { user, grid } = setup();
    expect(grid).toHaveAccessibleDescription(/Arrow keys move between jobs, Space selects/);
    grid.focus();
    await user.keyboard('{ArrowDown}');
    expect(grid).toHaveAttribute('aria-activedescendant', 'job-row-h-running');
    await user.keyboard('{ArrowDown}');
    expect(grid).toHaveAttribute('aria-activedescendant', 'job-row-h-failed');
    expect(selectedSummaries(grid)).toEqual([]);
    await user.keyboard(' ');
    expect(selectedSummaries(grid)).toEqual(['Summer sale']);
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(selectedSummaries(grid)).toEqual(['Summer sale', 'Winter greeting', 'Autumn jingle']);
    await user.keyboard('{End}');
    expect(grid).toHaveAttribute('aria-activedescendant', 'job-row-h-lost');
    await user.keyboard('{Control>}a{/Control}');
    expect(selectedSummaries(grid)).toHaveLength(6);
    await user.keyboard('{Escape}');
    expect(selectedSummaries(grid)).toEqual([]);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Job details' })).toHaveTextContent('Old promo');
  });

  it('“Select all failed” selects exactly the failed jobs shown', async () => {
    const { user, grid } = setup();
    await user.click(screen.getByRole('button', { name: 'Select all failed' }));
    expect(selectedSummaries(grid)).toEqual(['Summer sale', 'Autumn jingle']);
    // Only among the jobs shown.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project' }), 'Social Banner');
    await user.click(screen.getByRole('button', { name: 'Select all failed' }));
    expect(selectedSummaries(grid)).toEqual(['Summer sale']);
  });
});

describe('toolbar actions', () => {
  it('requeues the selection and names the jobs found lost', async () => {
    const { api, user, grid } = setup({
      'jobs:requeue': () => ({ requeued: ['h-failed'], lost: ['h-failed-2'], skipped: [] }),
    });
    expect(screen.getByRole('button', { name: 'Requeue' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Select all failed' }));
    await user.click(screen.getByRole('button', { name: 'Requeue' }));
    // One question for the selection, with what it will cost; nothing is sent before the answer.
    const question = await screen.findByRole('alertdialog', { name: 'Requeue 2 jobs?' });
    expect(await within(question).findByTestId('rerun-cost')).toHaveTextContent('About 24 credits;');
    expect(api.callsOf('jobs:requeueCost')).toEqual([{ ids: ['h-failed', 'h-failed-2'] }]);
    expect(api.callsOf('jobs:requeue')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Requeue' }));
    expect(api.callsOf('jobs:requeue')).toEqual([{ ids: ['h-failed', 'h-failed-2'] }]);
    const status = await screen.findByText(/Requeued 1 job/);
    expect(status).toHaveTextContent(
      'Requeued 1 job: the service runs it again. 1 job is lost: the service no longer knows “Podcast Intro · Autumn jingle” (eeee5555).',
    );
    expect(screen.getByText('Partly requeued')).toBeInTheDocument();
    expect(grid).toBeInTheDocument();
  });

  it('exports the selection, or every job shown when none is selected, and says where', async () => {
    const { api, user } = setup({
      'jobs:export': (params) => ({
        path: '/home/me/jobs-2026-03-10.csv',
        rows: (params as { ids: string[] }).ids.length,
      }),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(api.callsOf('jobs:export')).toEqual([{ ids: ['h-failed', 'h-failed-2'] }]);
    expect(
      await screen.findByText('Saved 2 jobs as CSV to /home/me/jobs-2026-03-10.csv'),
    ).toBeInTheDocument();
  });

  it('removes the selection from the history after a confirmation', async () => {
    const { api, user, grid } = setup({ 'jobs:remove': () => ({ removed: 2 }) });
    await user.click(screen.getByRole('button', { name: 'Select all failed' }));
    await user.click(screen.getByRole('button', { name: 'Remove from history' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove 2 jobs from the history?' });
    expect(api.callsOf('jobs:remove')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove from history' }));
    expect(api.callsOf('jobs:remove')).toEqual([{ ids: ['h-failed', 'h-failed-2'] }]);
    await waitFor(() => expect(shownSummaries(grid)).toHaveLength(4));
    expect(await screen.findByText(/Removed 2 jobs from the history/)).toBeInTheDocument();
  });

  it('shows a failure once, as main’s sentence', async () => {
    const { user } = setup({
      'jobs:requeue': () => {
        throw new FakeFailure({ kind: 'network', message: 'The service could not be reached. Try again.' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Select all failed' }));
    await user.click(screen.getByRole('button', { name: 'Requeue' }));
    const question = await screen.findByRole('alertdialog', { name: 'Requeue 2 jobs?' });
    await within(question).findByTestId('rerun-cost');
    await user.click(within(question).getByRole('button', { name: 'Requeue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The jobs could not be requeued');
    expect(alert).toHaveTextContent('The service could not be reached. Try again.');
    expect(screen.getAllByText('The service could not be reached. Try again.')).toHaveLength(1);
  });
});

describe('the detail drawer', () => {
  async function open(summary: string, handlers: FakeHandlers = {}) {
    const context = setup(handlers);
    await context.user.dblClick(row(context.grid, summary));
    const drawer = await screen.findByRole('dialog', { name: 'Job details' });
    return { ...context, drawer };
  }

  it('shows the job, its values with previews, ids and raw record, read with jobs:get', async () => {
    const { api, drawer } = await open('Spring launch');
    expect(api.callsOf('jobs:get')).toEqual([{ id: 'h-running' }]);
    expect(within(drawer).getByRole('heading', { name: 'Social Banner' })).toBeInTheDocument();
    expect(within(drawer).getByText('Spring launch')).toBeInTheDocument();
    expect(within(drawer).getByRole('img', { name: 'Image for hero' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/hero.png',
    );
    expect(within(drawer).getByText('aaaa1111-run')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Copy service id' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Copy history id' })).toBeInTheDocument();
    await within(drawer).findByText('Service record');
    expect(drawer.querySelector('.json-text')?.textContent).toContain('"job_status": "IN_PROGRESS"');
  });

  it('opens on a double-click without leaving the row selected', async () => {
    const { grid } = await open('Spring launch');
    expect(selectedSummaries(grid)).toEqual([]);
    expect(grid).toHaveAttribute('aria-activedescendant', 'job-row-h-running');
  });

  it('says a preview is unavailable when it cannot load', async () => {
    const { drawer } = await open('Spring launch');
    fireEvent.error(within(drawer).getByRole('img', { name: 'Image for hero' }));
    expect(within(drawer).getByText('Preview unavailable')).toBeInTheDocument();
    expect(within(drawer).queryByRole('img', { name: 'Image for hero' })).not.toBeInTheDocument();
    // The address is kept, by its file name, with its whole link a copy away.
    expect(within(drawer).getByText('hero.png')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Copy the link of hero' })).toBeInTheDocument();
  });

  it('copies an id', async () => {
    const { user, drawer } = await open('Spring launch');
    await user.click(within(drawer).getByRole('button', { name: 'Copy service id' }));
    expect(await navigator.clipboard.readText()).toBe('aaaa1111-run');
    expect(within(drawer).getByText('Copied')).toBeInTheDocument();
  });

  it('requeues the job and says when the service no longer knows it', async () => {
    const { api, user, drawer } = await open('Summer sale', {
      'jobs:requeue': () => ({ requeued: [], lost: ['h-failed'], skipped: [] }),
    });
    expect(within(drawer).getByText('The worker could not read the image.')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Requeue' }));
    const question = await screen.findByRole('alertdialog', { name: 'Requeue this job?' });
    expect(await within(question).findByTestId('rerun-cost')).toHaveTextContent('About 12 credits;');
    await user.click(within(question).getByRole('button', { name: 'Requeue' }));
    expect(api.callsOf('jobs:requeue')).toEqual([{ ids: ['h-failed'] }]);
    expect(await screen.findByText(/No job was requeued/)).toHaveTextContent(
      'No job was requeued. 1 job is lost: the service no longer knows “Social Banner · Summer sale” (bbbb2222).',
    );
  });

  it('removes the job from the history after a confirmation, and closes', async () => {
    const { api, user, drawer } = await open('Café opening', { 'jobs:remove': () => ({ removed: 1 }) });
    await user.click(within(drawer).getByRole('button', { name: 'Remove from history' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this job from the history?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove from history' }));
    expect(api.callsOf('jobs:remove')).toEqual([{ ids: ['h-done'] }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Job details' })).not.toBeInTheDocument(),
    );
    expect(useJobsStore.getState().byId['h-done']).toBeUndefined();
  });

  it('explains an unknown outcome; Resubmit sends it again', async () => {
    const { api, user, drawer } = await open('Winter greeting', {
      'jobs:resubmit': () =>
        job({
          id: 'h-unknown',
          uuid: 'ffff6666',
          projectName: 'Podcast Intro',
          summary: 'Winter greeting',
          status: 'QUEUED',
          tracking: 'active',
        }),
    });
    expect(drawer).toHaveTextContent(
      'The app stopped (or the connection broke) after sending this job, so it may or may not have been created. Resubmit sends the same request again; if the first one did get through you will pay twice. Discard forgets it.',
    );
    expect(drawer).toHaveTextContent('The connection broke after the request was sent.');
    expect(within(drawer).getByRole('button', { name: 'Requeue' })).toBeDisabled();
    await user.click(within(drawer).getByRole('button', { name: 'Resubmit' }));
    expect(api.callsOf('jobs:resubmit')).toEqual([{ id: 'h-unknown' }]);
    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(drawer).queryByRole('button', { name: 'Resubmit' })).not.toBeInTheDocument(),
    );
    expect(useJobsStore.getState().byId['h-unknown']?.tracking).toBe('active');
  });

  it('Discard forgets a job of unknown outcome', async () => {
    const { api, user, drawer, grid } = await open('Winter greeting', { 'jobs:discard': () => undefined });
    await user.click(within(drawer).getByRole('button', { name: 'Discard' }));
    expect(api.callsOf('jobs:discard')).toEqual([{ id: 'h-unknown' }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Job details' })).not.toBeInTheDocument(),
    );
    expect(shownSummaries(grid)).not.toContain('Winter greeting');
    expect(await screen.findByText('Discarded')).toBeInTheDocument();
  });

  it('follows the clicked row while open, and Escape in the grid clears the selection before closing it', async () => {
    const { user, grid, drawer } = await open('Spring launch');
    await user.click(row(grid, 'Café opening'));
    expect(await within(drawer).findByRole('heading', { name: 'Podcast Intro' })).toBeInTheDocument();
    grid.focus();
    await user.keyboard('{Escape}');
    expect(useQueueStore.getState().selected.size).toBe(0);
    expect(screen.getByRole('dialog', { name: 'Job details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Job details' })).not.toBeInTheDocument(),
    );
  });
});

describe('tracking a job by id', () => {
  async function openDialog(handlers: FakeHandlers = {}) {
    const context = setup(handlers);
    await context.user.click(screen.getByRole('button', { name: 'Track a job…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Track a job by id' });
    return { ...context, dialog, input: within(dialog).getByLabelText('Service job id') };
  }

  it('checks the id before sending it', async () => {
    const { api, user, dialog, input } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Track job' }));
    expect(within(dialog).getByText('Paste the job’s id.')).toBeInTheDocument();
    await user.type(input, 'not an id!');
    await user.click(within(dialog).getByRole('button', { name: 'Track job' }));
    expect(
      within(dialog).getByText('A job id has only letters, digits, dashes and underscores.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('jobs:track')).toEqual([]);
  });

  it('tracks a pasted id (trimmed) and opens the job', async () => {
    const tracked = job({
      id: 'h-new',
      uuid: '9b1d2c3e-0000',
      projectName: 'Web app job',
      summary: 'From the web',
    });
    const { api, user, dialog, input } = await openDialog({ 'jobs:track': () => tracked });
    await user.type(input, '  9b1d2c3e-0000 ');
    await user.click(within(dialog).getByRole('button', { name: 'Track job' }));
    expect(api.callsOf('jobs:track')).toEqual([{ uuid: '9b1d2c3e-0000' }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Track a job by id' })).not.toBeInTheDocument(),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Job details' });
    expect(within(drawer).getByRole('heading', { name: 'Web app job' })).toBeInTheDocument();
    expect(screen.getByText('Now tracking')).toBeInTheDocument();
  });

  it('shows main’s refusal in the dialog', async () => {
    const { user, dialog, input } = await openDialog({
      'jobs:track': () => {
        throw new FakeFailure({
          kind: 'not-found',
          message: 'The service has no job with that id in this account.',
        });
      },
    });
    await user.type(input, 'abc-123');
    await user.click(within(dialog).getByRole('button', { name: 'Track job' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The service has no job with that id in this account.');
  });

  it('opens a job already in the history instead of tracking it twice', async () => {
    const { api, user, dialog, input } = await openDialog();
    await user.type(input, 'cccc3333-done');
    await user.click(within(dialog).getByRole('button', { name: 'Track job' }));
    expect(api.callsOf('jobs:track')).toEqual([]);
    const drawer = await screen.findByRole('dialog', { name: 'Job details' });
    expect(within(drawer).getByRole('heading', { name: 'Podcast Intro' })).toBeInTheDocument();
  });
});
