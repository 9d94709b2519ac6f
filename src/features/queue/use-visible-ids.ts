// The ids the queue shows, in order: worked out by the list worker (visible-ids-client.ts) where the page
// can run one, else here. While the worker works, the list shown is the last one it gave (`pending` says
// so, and the grid is marked busy); rows always show their job as it is now.
import { useEffect, useMemo, useState } from 'react';
import type { JobsById } from '../jobs/jobs-store';
import { visibleJobIds, type QueueFilters, type QueueSort } from './queue-filter';
import { visibleIdsClient, type VisibleIdsClient } from './visible-ids-client';

interface Asked {
  byId: JobsById;
  filters: QueueFilters;
  sort: QueueSort;
  now: number;
  me: string | null;
}

const NONE: readonly string[] = [];

export function useVisibleIds(
  byId: JobsById,
  filters: QueueFilters,
  sort: QueueSort,
  now: number,
  me: string | null,
  client: VisibleIdsClient | null = visibleIdsClient(),
): { ids: readonly string[]; pending: boolean } {
  const here = useMemo(
    () => (client ? null : visibleJobIds(byId, filters, sort, now, me)),
    [client, byId, filters, sort, now, me],
  );
  const [answer, setAnswer] = useState<{ asked: Asked; ids: readonly string[] } | null>(null);

  useEffect(() => {
    if (!client) return;
    let live = true;
    const asked: Asked = { byId, filters, sort, now, me };
    client.ask(byId, { filters, sort, now, me }, (ids) => {
      if (live) setAnswer({ asked, ids });
    });
    return () => {
      live = false;
    };
  }, [client, byId, filters, sort, now, me]);

  if (here) return { ids: here, pending: false };
  const asked = answer?.asked;
  const current =
    asked !== undefined &&
    asked.byId === byId &&
    asked.filters === filters &&
    asked.sort === sort &&
    asked.now === now &&
    asked.me === me;
  return { ids: answer?.ids ?? NONE, pending: !current };
}
