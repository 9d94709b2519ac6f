// Saved files said to scripts (--json) and to people, and whether any of them failed.
import { relative, isAbsolute } from 'node:path';
import { counted } from '../shared/domain/plural';
import type { CliRun } from './cli-run';
import type { FileOutcome } from './save-files';

function isInside(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}

/**
 * Says each file (and, when a folder was asked for, which files an earlier download had saved elsewhere:
 * a file is downloaded once, where it was first queued). Answers whether every file is saved.
 */
export function reportFiles(
  run: CliRun,
  outcomes: readonly FileOutcome[],
  uuidOf: (id: string) => string | null,
  folder?: string,
) {
  const { out } = run;
  const elsewhere = folder
    ? outcomes.filter(
        (outcome) => outcome.state === 'done' && outcome.path && !isInside(folder, outcome.path),
      )
    : [];
  if (elsewhere.length)
    out.note(
      `${counted(elsewhere.length, 'file', 'files')} had been saved before, outside ${folder}: said where below.`,
    );
  for (const outcome of outcomes) {
    out.record({ type: 'download', ...outcome, uuid: uuidOf(outcome.jobId) });
    const id = (uuidOf(outcome.jobId) ?? outcome.jobId).slice(0, 8);
    if (outcome.state === 'done') out.line(`${out.out.green('Saved')} ${outcome.path ?? ''}`);
    else out.warn(`${id}: ${outcome.error ?? `the download is ${outcome.state}`}`);
  }
  return outcomes.every((outcome) => outcome.state === 'done');
}
