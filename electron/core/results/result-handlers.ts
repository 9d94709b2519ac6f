// The `results:thumbnail` handler: the job's file from the app's own download record, checked, then its
// picture from the cache or made by the thumbnail maker.
import type { Handlers } from '../../shared/ipc/contract';
import { outputKindOf, PICTURED_KINDS } from '../../shared/domain/result';
import { AppError } from '../kernel/app-error';
import { checkedOutputFile, type SavedFile } from './output-file';
import type { ThumbnailMaker } from './thumbnail-maker';

export interface ResultHandlerDeps {
  /** A finished download's file and folder as the downloads table holds them; null when there is none. */
  savedFile(jobId: string): Promise<SavedFile | null>;
  maker: ThumbnailMaker;
}

export function resultHandlers(deps: ResultHandlerDeps): Pick<Handlers, 'results:thumbnail'> {
  return {
    'results:thumbnail': async ({ jobId, size }) => {
      const saved = await deps.savedFile(jobId);
      if (!saved) {
        throw new AppError(
          'not-found',
          'This job’s file has not been downloaded yet. Choose Download first.',
        );
      }
      const kind = outputKindOf(saved.path);
      if (!PICTURED_KINDS.includes(kind)) {
        return {
          kind: 'fallback',
          reason: 'unsupported',
          message: 'No picture is made of this kind of file.',
        };
      }
      const answer = await deps.maker.thumbnail(await checkedOutputFile(saved), kind, size);
      return answer.kind === 'picture'
        ? { kind: 'picture', mimeType: 'image/png', base64: answer.png.toString('base64') }
        : answer;
    },
  };
}
