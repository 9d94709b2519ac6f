// The gallery's items: the active account's finished jobs whose file is downloaded, newest first, with what
// the filters choose by (project, batch). Built from the stores the Queue already keeps live.
import type { BatchView } from '../../../electron/shared/domain/batch';
import type { DownloadView } from '../../../electron/shared/domain/download';
import type { JobView } from '../../../electron/shared/domain/job';
import { outputKindOf, type OutputKind } from '../../../electron/shared/domain/result';
import { fileNameOf } from '../downloads/download-words';

export interface ResultItem {
  jobId: string;
  /** The saved file's name (the page never needs its folder). */
  fileName: string;
  /** Where it is saved: changes when it is downloaded again, so its picture is asked again. */
  path: string;
  kind: OutputKind;
  projectId: string;
  projectName: string;
  batchId: string | null;
  batchName: string | null;
  /** The job's text values joined (what tells jobs of one project apart). */
  summary: string;
  finishedAt: string;
}

/** "All" in a filter; NO_BATCH: jobs sent one by one, not from a sheet. */
export const ALL = '';
export const NO_BATCH = '-';

export interface ResultFilter {
  projectId: string;
  batchId: string;
}

export function resultItems(
  jobs: Readonly<Record<string, JobView>>,
  downloads: Readonly<Record<string, DownloadView>>,
  batches: Readonly<Record<string, BatchView>>,
): ResultItem[] {
  const items: ResultItem[] = [];
  for (const download of Object.values(downloads)) {
    const job = jobs[download.jobId];
    if (download.state !== 'done' || !job || job.archived) continue;
    items.push({
      jobId: job.id,
      fileName: fileNameOf(download.path),
      path: download.path,
      kind: outputKindOf(download.path),
      projectId: job.projectId,
      projectName: job.projectName.trim() || 'Untitled project',
      batchId: job.batchId,
      batchName: job.batchId ? (batches[job.batchId]?.name ?? 'A batch') : null,
      summary: job.summary,
      finishedAt: job.finishedAt ?? job.updatedAt ?? job.createdAt,
    });
  }
  return items.sort((a, b) => b.finishedAt.localeCompare(a.finishedAt) || a.jobId.localeCompare(b.jobId));
}

export function filterItems(items: readonly ResultItem[], filter: ResultFilter): ResultItem[] {
  return items.filter(
    (item) =>
      (filter.projectId === ALL || item.projectId === filter.projectId) &&
      (filter.batchId === ALL ||
        (filter.batchId === NO_BATCH ? item.batchId === null : item.batchId === filter.batchId)),
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** The projects and batches the items have, for the filters' menus (by name). */
export function filterChoices(items: readonly ResultItem[]): { projects: Choice[]; batches: Choice[] } {
  const projects = new Map<string, string>();
  const batches = new Map<string, string>();
  for (const item of items) {
    projects.set(item.projectId, item.projectName);
    if (item.batchId) batches.set(item.batchId, item.batchName ?? 'A batch');
  }
  const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);
  return {
    projects: [...projects].map(([value, label]) => ({ value, label })).sort(byLabel),
    batches: [...batches].map(([value, label]) => ({ value, label })).sort(byLabel),
  };
}

const KIND_WORDS: Readonly<Record<OutputKind, string>> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  pdf: 'PDF',
  other: 'File',
};

export function kindWord(kind: OutputKind): string {
  return KIND_WORDS[kind];
}
