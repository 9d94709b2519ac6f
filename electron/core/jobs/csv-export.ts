// The history (or the filtered part of it) as CSV that Excel opens as it should: UTF-8 with a BOM, every
// field quoted where needed (csv-stringify), one column per value. Cells that a spreadsheet would run as a
// formula are defused with a leading apostrophe (csv-formula-guard.ts, shared with the batch export).
import type { JobView } from '../../shared/domain/job';
import { formulaSafeCsv } from './csv-formula-guard';
import { assetOf } from '../../shared/domain/asset-value';

const FIXED = [
  'id',
  'service id',
  'project',
  'type',
  'status',
  'tracking',
  'created',
  'finished',
  'credits',
  'output path',
];

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    return assetOf(value)?.url ?? JSON.stringify(value);
  }
  return String(value);
}

export function jobsCsv(jobs: readonly JobView[]): string {
  const valueKeys = [...new Set(jobs.flatMap((job) => Object.keys(job.values)))].sort();
  const rows = jobs.map((job) => [
    job.id,
    job.uuid ?? '',
    job.projectName,
    job.jobType,
    job.status ?? '',
    job.tracking,
    job.createdAt,
    job.finishedAt ?? '',
    job.creditUsed === null ? '' : String(job.creditUsed),
    job.outputPath ?? '',
    ...valueKeys.map((key) => cellOf(job.values[key])),
  ]);
  return formulaSafeCsv([[...FIXED, ...valueKeys.map((key) => `value: ${key}`)], ...rows]);
}
