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

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

function sameList(a: ShownList, b: ShownList): boolean {
  return sameIds(a.ids, b.ids) && sameIds(a.failed, b.failed) && sameIds(a.withFile, b.withFile);
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
      // The same list as before (most frames of changes move no job in or out, nor up or down) keeps its
      // arrays: the grid and the counts then have nothing new to work out.
      if (live) setAnswer((last) => ({ asked, list: last && sameList(last.list, list) ? last.list : list }));
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
