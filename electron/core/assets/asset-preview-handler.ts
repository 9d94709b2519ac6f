// The `assets:preview` handler: finds the job's value and its account's own address, then lets
// asset-preview.ts decide whether the file may be fetched at all.
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../kernel/app-error';
import { fetchPreview, previewTargetOf } from './asset-preview';

export interface AssetPreviewDeps {
  /** The job's account and its values as submitted; null when it is no longer in the history. */
  job(id: string): Promise<{ accountId: string; values: Record<string, unknown> } | null>;
  /** The account's base URL now (the built-in sandbox's changes every launch); null when it is gone. */
  accountBaseUrl(accountId: string): Promise<string | null>;
}

export function assetPreviewHandler(deps: AssetPreviewDeps): Pick<Handlers, 'assets:preview'> {
  return {
    'assets:preview': async ({ jobId, field }) => {
      const job = await deps.job(jobId);
      if (!job) throw new AppError('not-found', 'That job is no longer in the history.');
      const target = Object.hasOwn(job.values, field) ? previewTargetOf(job.values[field]) : null;
      if (!target)
        throw new AppError('invalid-input', `“${field}” of this job has no image or audio to preview.`);
      return fetchPreview(target, await deps.accountBaseUrl(job.accountId));
    },
  };
}
