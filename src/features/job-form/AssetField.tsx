// An image or audio field: drop a file (or choose one) to upload it through main, or paste an address.
// Files are checked first (name, size, their first bytes, then a real decode: upload-file.ts); the field's
// value is the resulting URL. One file per field: when several are dropped, the first is used and the
// field says so. When the account cannot take uploads, only the address field is offered; the first asset
// field of the form says why, once, with the way to Settings → Asset storage (StorageNeeded).
import { useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useFormContext, useWatch, type Path } from 'react-hook-form';
import { assetProblem, type AssetKind, type UploadCapability } from '../../../electron/shared/domain/asset';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import { Spinner } from '../../components/Spinner';
import { failureMessage } from '../../lib/api';
import { acceptAttribute, acceptedFormats, assetNoun } from './asset-hints';
import { AssetPreview } from './AssetPreview';
import type { JobFormValues } from './form-schema';
import { decodedWords } from './decode-asset';
import { uploadFile } from './upload-file';
import { StorageNeeded, STORAGE_NOTE_ID } from './StorageNeeded';
import { usePreviewUrl } from './use-preview-url';

type Upload =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string }
  | { status: 'done'; fileName: string; url: string; facts: string }
  | { status: 'error'; message: string };

interface AssetFieldProps {
  /** DOM id of the address input; the other ids derive from it. */
  id: string;
  name: Path<JobFormValues>;
  label: string;
  kind: AssetKind;
  capability: UploadCapability | null;
  error?: string | undefined;
  optional?: boolean;
  /** This field (the form's first asset field) says why uploads are not available; the others do not. */
  showsStorageNote?: boolean;
  onUploadingChange(uploading: boolean): void;
}

function isHttps(text: string): boolean {
  return /^https:\/\/\S+$/i.test(text.trim());
}

export function AssetField(props: AssetFieldProps): React.JSX.Element {
  const { id, name, label, kind, capability, error, optional = false, onUploadingChange } = props;
  const showsStorageNote = props.showsStorageNote ?? false;
  const { register, setValue, control } = useFormContext<JobFormValues>();
  const value = String(useWatch({ control, name }) ?? '');
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });
  /** Set when several files were dropped at once: which one is used, and how many were left out. */
  const [extra, setExtra] = useState<string | null>(null);
  const [filePreview, showFile] = usePreviewUrl();
  const attempt = useRef(0);

  async function take(file: File): Promise<void> {
    const problem = assetProblem(kind, file);
    if (problem) {
      setUpload({ status: 'error', message: problem });
      return;
    }
    const mine = ++attempt.current;
    showFile(file);
    setUpload({ status: 'uploading', fileName: file.name });
    onUploadingChange(true);
    try {
      const { url, decoded } = await uploadFile(kind, file);
      if (mine !== attempt.current) return;
      setValue(name, url, { shouldValidate: true, shouldDirty: true });
      setUpload({ status: 'done', fileName: file.name, url, facts: decodedWords(decoded) });
    } catch (failure) {
      if (mine !== attempt.current) return;
      showFile(null);
      setUpload({ status: 'error', message: failureMessage(failure) });
    } finally {
      onUploadingChange(false);
    }
  }

  function clear(): void {
    attempt.current++;
    setExtra(null);
    showFile(null);
    setUpload({ status: 'idle' });
    setValue(name, '', { shouldDirty: true });
  }

  const uploading = upload.status === 'uploading';
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: uploading,
    onDrop: (accepted, rejected) => {
      // With `multiple: false`, several files arrive as rejected ones: all of them, in the order dropped.
      const files = [...accepted, ...rejected.map((rejection) => rejection.file)];
      const [file] = files;
      setExtra(
        file && files.length > 1
          ? `${files.length} files were dropped; this field takes one, so only ${file.name} is used. To make one job per file, use Batches (New batch…).`
          : null,
      );
      if (file) void take(file);
    },
  });

  const canUpload = capability?.available === true;
  const fileIsCurrent = uploading || (upload.status === 'done' && upload.url === value.trim());
  const previewSrc = fileIsCurrent ? filePreview : isHttps(value) ? value.trim() : null;
  const statusText =
    upload.status === 'uploading'
      ? `Uploading ${upload.fileName}…`
      : upload.status === 'done' && fileIsCurrent
        ? `${upload.fileName} uploaded`
        : '';
  const facts = upload.status === 'done' && fileIsCurrent ? upload.facts : '';
  const shownError = upload.status === 'error' ? upload.message : error;
  const urlLabelId = `${id}-url-label`;

  return (
    <FieldFrame
      as="fieldset"
      id={id}
      label={optional ? `${label} (optional)` : label}
      aside={<span className="tag">{kind === 'image' ? 'Image' : 'Audio'}</span>}
      error={shownError}
    >
      {canUpload ? (
        <div
          {...getRootProps({
            className: `dropzone${isDragActive ? ' is-dragging' : ''}${previewSrc ? ' has-preview' : ''}`,
            'aria-describedby': `${id}-formats`,
          })}
          data-testid={`dropzone-${id}`}
        >
          <input {...getInputProps({ accept: acceptAttribute(kind) })} aria-label={`${label}: file`} />
          {previewSrc ? (
            <div className="asset-preview">
              <AssetPreview kind={kind} src={previewSrc} label={label} />
            </div>
          ) : (
            <span className={`dropzone-icon dropzone-icon-${kind}`} aria-hidden="true" />
          )}
          <div className="dropzone-text">
            <p className="dropzone-title">
              {isDragActive
                ? `Drop ${assetNoun(kind)} to upload it`
                : previewSrc
                  ? `Drop another ${kind === 'image' ? 'image' : 'audio file'} to replace it`
                  : `Drop ${assetNoun(kind)} here`}
            </p>
            <p className="dropzone-formats" id={`${id}-formats`}>
              {acceptedFormats(kind)}
            </p>
            <div className="dropzone-actions">
              <button
                type="button"
                id={`${id}-choose`}
                className="btn btn-secondary btn-sm"
                // Not `disabled` while the file uploads: a disabled button drops focus to the page, and the
                // person who chose the file by keyboard would be lost (Ctrl+Enter would then do nothing).
                aria-disabled={uploading || undefined}
                onClick={() => {
                  if (!uploading) open();
                }}
              >
                Choose file…
              </button>
              {value || upload.status !== 'idle' ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
                  Remove
                </button>
              ) : null}
            </div>
            <p className="dropzone-status" role="status" aria-live="polite">
              {uploading ? <Spinner /> : null}
              <span>{statusText}</span>
              {facts ? <span className="dropzone-facts"> · {facts}</span> : null}
            </p>
            {extra ? (
              <p className="dropzone-extra" role="status">
                {extra}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          {capability && showsStorageNote ? <StorageNeeded fieldId={id} reason={capability.reason} /> : null}
          {previewSrc ? (
            <div className="asset-preview">
              <AssetPreview kind={kind} src={previewSrc} label={label} />
            </div>
          ) : null}
        </>
      )}
      <label className="field-sublabel" id={urlLabelId} htmlFor={id}>
        {canUpload ? 'Or paste its address' : 'Web address'}
      </label>
      <input
        id={id}
        className="input"
        type="url"
        inputMode="url"
        placeholder="https://…"
        autoComplete="off"
        spellCheck={false}
        aria-labelledby={`${id}-label ${urlLabelId}`}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={
          [describedBy(id, { error: shownError }), capability && !canUpload ? STORAGE_NOTE_ID : null]
            .filter(Boolean)
            .join(' ') || undefined
        }
        aria-required={optional ? undefined : true}
        {...register(name, {
          onChange: () => {
            if (upload.status === 'error') setUpload({ status: 'idle' });
          },
        })}
      />
    </FieldFrame>
  );
}
