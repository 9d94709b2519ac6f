// The account's download settings: the folder (chosen with the system's folder picker, or typed), the
// naming template with a live preview on a real job, how many files download at once, and whether each
// job's file downloads as soon as it succeeds. Saved with the button (or Ctrl/Cmd+Enter); main checks the
// template and the folder again and says what is wrong.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  TEMPLATE_PARTS,
  downloadSettingsSchema,
  type DownloadSettings,
} from '../../../electron/shared/domain/download';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import { Spinner } from '../../components/Spinner';
import { api, call, failureMessage } from '../../lib/api';
import { useHostCapabilities } from '../../lib/host-capabilities';
import { hasModifier } from '../../lib/platform';
import { useTemplatePreview } from './use-template-preview';

const CONCURRENCY = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const formSchema = downloadSettingsSchema.extend({
  folder: downloadSettingsSchema.shape.folder.refine((text) => text.trim() !== '', 'Choose a folder.'),
});

function TemplatePreviewLine({ template, folder }: { template: string; folder: string }): React.JSX.Element {
  const preview = useTemplatePreview(template, folder);
  return (
    <div className="template-preview" id="download-template-preview" aria-live="polite">
      {preview.state === 'path' ? (
        <>
          <span className="template-preview-label">A file would be saved as</span>
          <code data-testid="template-preview">{preview.path}</code>
        </>
      ) : preview.state === 'problem' ? (
        <p className="field-error">
          <span aria-hidden="true">⚠ </span>
          {preview.problem}
        </p>
      ) : (
        <span className="template-preview-label">
          <Spinner /> Working out the name…
        </span>
      )}
    </div>
  );
}

function TemplateParts({ onInsert }: { onInsert(part: string): void }): React.JSX.Element {
  return (
    <details className="template-parts">
      <summary>Parts you can use</summary>
      <ul>
        {Object.entries(TEMPLATE_PARTS).map(([part, meaning]) => (
          <li key={part}>
            {part.includes('<') ? (
              <code className="template-part-static">{`{${part}}`}</code>
            ) : (
              <button
                type="button"
                className="btn btn-ghost btn-sm template-part"
                aria-label={`Add {${part}} to the template`}
                onClick={() => onInsert(`{${part}}`)}
              >
                <code>{`{${part}}`}</code>
              </button>
            )}
            <span>{meaning}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function DownloadSettingsForm({ initial }: { initial: DownloadSettings }): React.JSX.Element {
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<DownloadSettings>(initial);
  const [justSaved, setJustSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DownloadSettings>({ resolver: zodResolver(formSchema), defaultValues: initial });
  const template = useWatch({ control, name: 'template' }) ?? '';

  useEffect(() => {
    if (!justSaved) return;
    const timer = setTimeout(() => setJustSaved(false), 4000);
    return () => clearTimeout(timer);
  }, [justSaved]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const next = await call(() =>
        api().downloads.saveSettings({ ...values, folder: values.folder.trim() }),
      );
      setSaved(next);
      reset(next);
      setJustSaved(true);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  const capabilities = useHostCapabilities();
  const chooseFolder = async () => {
    setFailure(null);
    try {
      const { folder } = await call(() => api().downloads.chooseFolder());
      if (folder) setValue('folder', folder, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  const templateField = register('template');
  return (
    <form
      className="stack settings-form"
      aria-label="Download settings"
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && hasModifier(event)) {
          event.preventDefault();
          void submit();
        }
      }}
    >
      <FieldFrame
        id="download-folder"
        label="Download folder"
        hint={
          capabilities.chooseFolder
            ? 'Every file goes inside this folder, never outside it.'
            : 'Type the folder’s full path (a browser has no folder picker). Every file goes inside it, never outside.'
        }
        error={errors.folder?.message}
      >
        <div className="folder-row">
          <input
            id="download-folder"
            className="input input-mono"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={errors.folder ? true : undefined}
            aria-describedby={describedBy('download-folder', { hint: true, error: errors.folder })}
            {...register('folder')}
          />
          {capabilities.chooseFolder && (
            <button type="button" className="btn btn-secondary" onClick={() => void chooseFolder()}>
              Choose folder…
            </button>
          )}
        </div>
      </FieldFrame>

      <FieldFrame
        id="download-template"
        label="File names"
        hint="Folders and name under the download folder. Unsafe characters are replaced; an existing file is never overwritten."
        error={errors.template?.message}
      >
        <input
          id="download-template"
          className="input input-mono"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors.template ? true : undefined}
          aria-describedby={`${describedBy('download-template', { hint: true, error: errors.template })} download-template-preview`}
          {...templateField}
        />
        <TemplatePreviewLine template={template} folder={saved.folder} />
        <TemplateParts
          onInsert={(part) =>
            setValue('template', `${template}${part}`, { shouldDirty: true, shouldValidate: true })
          }
        />
      </FieldFrame>

      <FieldFrame
        id="download-concurrency"
        label="Files at once"
        hint="More at once can be faster on a fast connection."
      >
        <select
          id="download-concurrency"
          className="select settings-select"
          aria-describedby="download-concurrency-hint"
          {...register('concurrency', { valueAsNumber: true })}
        >
          {CONCURRENCY.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </FieldFrame>

      <label className="checkbox">
        <input type="checkbox" {...register('auto')} />
        <span>Download each job’s file as soon as it succeeds</span>
      </label>

      {failure ? <ErrorNotice title="The settings were not saved">{failure}</ErrorNotice> : null}
      <div className="form-actions settings-actions">
        <p className="settings-saved" role="status">
          {justSaved ? 'Saved. New downloads use these settings.' : ''}
        </p>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!isDirty || isSubmitting}
          onClick={() => {
            reset(saved);
            setFailure(null);
          }}
        >
          Undo changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Save
        </button>
      </div>
    </form>
  );
}
