// The naming template's live preview: where a real job's file would go (the account's latest finished job,
// or a sample), asked of main a moment after the person stops typing; the answer for an older text is
// dropped.
import { useEffect, useState } from 'react';
import { api, call, failureMessage } from '../../lib/api';

export type TemplatePreview =
  { state: 'waiting' } | { state: 'path'; path: string } | { state: 'problem'; problem: string };

const SETTLE_MS = 200;

export function useTemplatePreview(template: string, folder: string): TemplatePreview {
  const [preview, setPreview] = useState<TemplatePreview>({ state: 'waiting' });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      call(() => api().downloads.preview({ template: template.slice(0, 1000) })).then(
        (answer) => {
          if (!current) return;
          setPreview(
            answer.problem !== null || answer.path === null
              ? { state: 'problem', problem: answer.problem ?? 'This template gives no name.' }
              : { state: 'path', path: answer.path },
          );
        },
        (error: unknown) => current && setPreview({ state: 'problem', problem: failureMessage(error) }),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The preview is under the saved folder; a newly chosen one shows once saved (the path says which).
  }, [template, folder]);
  return preview;
}
