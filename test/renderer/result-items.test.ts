// The gallery's items: only finished downloads of jobs still in the history, newest first, with their kind
// by file name; filtered by project and by batch (or jobs sent one by one); the filters' choices by name.
import { describe, expect, it } from 'vitest';
import type { BatchView } from '../../electron/shared/domain/batch';
import type { DownloadView } from '../../electron/shared/domain/download';
import type { JobView } from '../../electron/shared/domain/job';
import { outputKindOf } from '../../electron/shared/domain/result';
import {
  ALL,
  filterChoices,
  filterItems,
  NO_BATCH,
  resultItems,
} from '../../src/features/results/result-items';

function job(id: string, projectId: string, finishedAt: string, batchId: string | null = null): JobView {
  return {
    id,
    uuid: `u-${id}`,
    accountId: 'a',
    projectId,
    projectName: projectId === 'p1' ? 'Banner' : 'Podcast',
    jobType: 'image',
    status: 'SUCCESS',
    tracking: 'final',
    trackingNote: null,
    values: {},
    summary: `Job ${id}`,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: null,
    finishedAt,
    creditUsed: 1,
    outputPath: 'out',
    error: null,
    batchId,
    batchRow: batchId ? 0 : null,
    expectedAt: null,
    archived: false,
    submittedBy: null,
  };
}

function download(jobId: string, path: string, state: DownloadView['state'] = 'done'): DownloadView {
  return { jobId, state, path, bytes: 1, total: 1, speed: null, error: null };
}

const batch = { id: 'b1', name: 'Spring cities' } as BatchView;
const jobs = {
  j1: job('j1', 'p1', '2026-11-02T10:00:00Z', 'b1'),
  j2: job('j2', 'p2', '2026-11-02T12:00:00Z'),
  j3: job('j3', 'p1', '2026-11-02T11:00:00Z'),
  j4: job('j4', 'p1', '2026-11-02T13:00:00Z'),
};
const downloads = {
  j1: download('j1', '/d/Banner/a.PNG'),
  j2: download('j2', '/d/Podcast/b.wav'),
  j3: download('j3', 'C:\\d\\Banner\\c.pdf'),
  // Still downloading: not a result yet.
  j4: download('j4', '/d/Banner/d.png', 'active'),
  // Its job is gone from the history.
  j5: download('j5', '/d/e.mp4'),
};

describe('the gallery’s items', () => {
  const items = resultItems(jobs, downloads, { b1: batch });

  it('are the finished downloads of known jobs, newest first, with their kind and batch', () => {
    expect(items.map((item) => [item.jobId, item.kind, item.fileName, item.batchName])).toEqual([
      ['j2', 'audio', 'b.wav', null],
      ['j3', 'pdf', 'c.pdf', null],
      ['j1', 'image', 'a.PNG', 'Spring cities'],
    ]);
  });

  it('filter by project, by batch, and by no batch', () => {
    const ids = (filter: { projectId: string; batchId: string }) =>
      filterItems(items, filter).map((item) => item.jobId);
    expect(ids({ projectId: 'p1', batchId: ALL })).toEqual(['j3', 'j1']);
    expect(ids({ projectId: ALL, batchId: 'b1' })).toEqual(['j1']);
    expect(ids({ projectId: 'p1', batchId: NO_BATCH })).toEqual(['j3']);
    expect(ids({ projectId: 'p2', batchId: 'b1' })).toEqual([]);
  });

  it('offer the projects and batches they have, by name', () => {
    expect(filterChoices(items)).toEqual({
      projects: [
        { value: 'p1', label: 'Banner' },
        { value: 'p2', label: 'Podcast' },
      ],
      batches: [{ value: 'b1', label: 'Spring cities' }],
    });
  });

  it('kinds by extension, whatever its case; no extension is another file', () => {
    expect(
      ['x.MP4', 'x.webm', 'x.jpeg', 'x.flac', 'x.pdf', 'x.json', 'README', '.png'].map(outputKindOf),
    ).toEqual(['video', 'video', 'image', 'audio', 'pdf', 'other', 'other', 'other']);
  });
});
