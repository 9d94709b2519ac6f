// The list the queue shows (ids in order, and those failed or with a file): worked out by the list worker (visible-ids-client.ts) where the page
// can run one, else here. While the worker works, the list shown is the last one it gave (`pending` says
// so, and the grid is marked busy); rows always show their job as it is now.
import { useEffect, useMemo, useState } from 'react';
import type { JobsById } from '../jobs/jobs-store';
import type { QueueFilters, QueueSort } from './queue-filter';
import { listOf, type ShownList } from './queue-index';
import { visibleIdsClient, type VisibleIdsClient } from './visible-ids-client';

interface Asked {
  byId: JobsById;
  filters: QueueFilters;
  sort: QueueSort;
  now: number;
  me: string | null;
}

const NONE: ShownList = { ids: [], failed: [], withFile: [] };

export function useVisibleIds(
  byId: JobsById,
  filters: QueueFilters,
  sort: QueueSort,
  now: number,
  me: string | null,
  client: VisibleIdsClient | null = visibleIdsClient(),
): { list: ShownList; pending: boolean } {
  const here = useMemo(
    () => (client ? null : listOf(byId, { filters, sort, now, me })),
    [client, byId, filters, sort, now, me],
  );
  const [answer, setAnswer] = useState<{ asked: Asked; list: ShownList } | null>(null);

  useEffect(() => {
    if (!client) return;
    let live = true;
    const asked: Asked = { byId, filters, sort, now, me };
    client.ask(byId, { filters, sort, now, me }, (list) => {
      if (live) setAnswer({ asked, list });
    });
    return () => {
      live = false;
    };
  }, [client, byId, filters, sort, now, me]);

  if (here) return { list: here, pending: false };
  const asked = answer?.asked;
  const current =
    asked !== undefined &&
    asked.byId === byId &&
    asked.filters === filters &&
    asked.sort === sort &&
    asked.now === now &&
    asked.me === me;
  return { list: answer?.list ?? NONE, pending: !current };
}
