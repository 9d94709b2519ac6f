// The job form generated from a project's mapping fields: react-hook-form with the zod schema built from
// them. A submit spends credits, so it never happens by accident: Enter in a field does not submit (the
// button or Ctrl/Cmd+Enter does), values that are there are checked first (the first wrong one focused),
// empty fields are listed in a confirmation (unless the project was told not to ask), and uploads must
// finish first. Values queued by "Duplicate into the form" fill it when it opens.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MappingFields, Project } from '../../../electron/shared/api/schemas';
import type { UploadCapability } from '../../../electron/shared/domain/asset';
import { ErrorNotice } from '../../components/ErrorNotice';
import { RelativeTime } from '../../components/RelativeTime';
import { Spinner } from '../../components/Spinner';
import { AppFailure, api, call, failureMessage } from '../../lib/api';
import { ariaShortcut, shortcutLabel } from '../../lib/platform';
import { useJobsStore } from '../jobs/jobs-store';
import { useNavStore } from '../navigation/nav-store';
import { showJobInQueue } from '../queue/show-job';
import { AssetField } from './AssetField';
import { BackgroundControls } from './BackgroundControls';
import { CostEstimate } from './CostEstimate';
import { formFieldsOf } from './field-kinds';
import { EmptyFieldsConfirm } from './EmptyFieldsConfirm';
import type { FormField } from './field-kinds';
import {
  buildJobFormSchema,
  emptyFieldsOf,
  emptyJobForm,
  hasBackground,
  type JobFormValues,
} from './form-schema';
import { useJobFormStore } from './job-form-store';
import { prefilledForm, type PrefilledForm } from './prefill';
import { TextField } from './TextField';
import { toSubmitJob } from './to-submit-job';
import { useDraftSaver } from './use-draft-saver';

interface JobFormProps {
  project: Project;
  mapping: MappingFields;
  capability: UploadCapability | null;
}

type Outcome =
  | { kind: 'submitted'; text: string }
  | { kind: 'unknown'; text: string; jobId: string }
  | { kind: 'failed'; text: string }
  | null;

/** Enter in these submits a form in a browser; in this form only the button and Ctrl/Cmd+Enter do. */
function isOneLineField(target: EventTarget): boolean {
  return (
    target instanceof HTMLInputElement &&
    !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image'].includes(target.type)
  );
}

const UNKNOWN_OUTCOME =
  'The job was sent, but the app could not learn whether the service created it (the connection broke or the app stopped). Open it in the Queue to resubmit or discard it.';

export function JobForm({ project, mapping, capability }: JobFormProps): React.JSX.Element {
  const fields = useMemo(() => formFieldsOf(mapping), [mapping]);
  const projectType = mapping.projectType || project.projectType;
  const schema = useMemo(() => buildJobFormSchema(fields, projectType), [fields, projectType]);
  // Read once, when the form opens: values an earlier job left for this project, else its draft.
  const [prefill] = useState<(PrefilledForm & { source: string }) | null>(() => {
    const pending = useJobFormStore.getState().pendingPrefill;
    if (pending?.projectId !== project.projectId) return null;
    return { ...prefilledForm(fields, projectType, pending), source: pending.source };
  });
  const [draft] = useState(() => {
    const saved = useJobFormStore.getState().memory.draft;
    if (prefill || !saved) return null;
    return { form: prefilledForm(fields, projectType, saved).form, savedAt: saved.savedAt };
  });

  const form = useForm<JobFormValues>({
    resolver: zodResolver(schema),
    defaultValues: prefill?.form ?? draft?.form ?? emptyJobForm(fields, projectType),
    shouldFocusError: true,
  });
  const drafts = useDraftSaver(form, fields, project.projectId);
  useEffect(() => {
    if (!prefill) return;
    useJobFormStore.getState().consumePrefill();
    // The earlier job's values are what the person now works on: they replace the project's draft.
    drafts.saveNow();
  }, [prefill, drafts]);
  const [showPrefillNote, setShowPrefillNote] = useState(prefill !== null);
  const [showDraftNote, setShowDraftNote] = useState(draft !== null);
  /** Set by Clear form: the fields are mounted anew, then the first one takes focus. */
  const focusFirstField = useRef(false);

  function clearForm(): void {
    form.reset(emptyJobForm(fields, projectType));
    setGeneration((n) => n + 1);
    setShowPrefillNote(false);
    setShowDraftNote(false);
    setOutcome(null);
    setInvalidCount(0);
    drafts.saveNow();
    focusFirstField.current = true;
  }
  // A project was chosen (or an earlier job's values brought here): the person goes on at its first field.
  // Not into a hidden screen: focus there would be lost.
  const firstKey = fields[0]?.key;
  useEffect(() => {
    if (firstKey && useNavStore.getState().screen === 'create') form.setFocus(`values.${firstKey}`);
  }, [firstKey, form]);
  const [uploads, setUploads] = useState(0);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!focusFirstField.current) return;
    focusFirstField.current = false;
    if (firstKey) form.setFocus(`values.${firstKey}`);
  }, [generation, firstKey, form]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [invalidCount, setInvalidCount] = useState(0);
  const [sending, setSending] = useState(false);
  /** How many jobs this form sent: the cost estimate is read again after each. */
  const [submitted, setSubmitted] = useState(0);
  /** The checked values waiting on the empty-fields confirmation. */
  const [asking, setAsking] = useState<{ values: JobFormValues; empty: FormField[] } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const skipEmptyCheck = useJobFormStore((state) => state.memory.skipEmptyCheck);
  const onUploadingChange = useCallback(
    (uploading: boolean) => setUploads((n) => n + (uploading ? 1 : -1)),
    [],
  );
  const errors = form.formState.errors;
  // Without uploads, the first asset field says why (once for the form), the background music if it is alone.
  const noteField = fields.find((field) => field.type.kind === 'image' || field.type.kind === 'audio')?.key;

  async function send(values: JobFormValues): Promise<void> {
    setSending(true);
    setOutcome(null);
    try {
      const request = toSubmitJob({ ...project, projectType }, fields, values);
      if (!request) {
        throw new AppFailure('invalid-input', `The service does not take jobs of type “${projectType}”.`);
      }
      const job = await call(() => api().jobs.submit(request));
      useJobsStore.getState().addSubmitted(job);
      setSubmitted((n) => n + 1);
      // The values stay: the next job is usually a variant of this one ("Clear form" empties it).
      setShowPrefillNote(false);
      setShowDraftNote(false);
      setOutcome(
        job.tracking === 'unknown'
          ? { kind: 'unknown', text: job.trackingNote ?? UNKNOWN_OUTCOME, jobId: job.id }
          : { kind: 'submitted', text: 'Job submitted. Follow it in This session, or in the Queue.' },
      );
    } catch (failure) {
      setOutcome({ kind: 'failed', text: failureMessage(failure) });
    } finally {
      setSending(false);
    }
  }

  const submit = form.handleSubmit(
    async (values) => {
      setInvalidCount(0);
      const empty = emptyFieldsOf(fields, values);
      if (empty.length > 0 && !skipEmptyCheck) {
        setAsking({ values, empty });
        return;
      }
      await send(values);
    },
    (invalid) => {
      const count = Object.keys(invalid.values ?? {}).length + Object.keys(invalid.background ?? {}).length;
      setInvalidCount(count);
      setOutcome(null);
    },
  );

  // The button is disabled while sending, which drops focus to the page: bring it back where it was.
  useEffect(() => {
    if (!sending && outcome && (document.activeElement === document.body || !document.activeElement)) {
      submitRef.current?.focus();
    }
  }, [sending, outcome]);

  // The Submit Job command of the menu: as the button would (not while sending or uploading).
  const submitRequests = useJobFormStore((state) => state.submitRequests);
  const seenRequests = useRef(submitRequests);
  useEffect(() => {
    if (submitRequests === seenRequests.current) return;
    seenRequests.current = submitRequests;
    if (!sending && uploads === 0) formRef.current?.requestSubmit();
  }, [submitRequests, sending, uploads]);

  function onKeyDown(event: React.KeyboardEvent<HTMLFormElement>): void {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      if (!sending && uploads === 0) formRef.current?.requestSubmit();
    } else if (isOneLineField(event.target)) {
      // A browser would submit the form: spending credits takes the button or the shortcut.
      event.preventDefault();
    }
  }

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        className="job-form"
        onSubmit={(event) => void submit(event)}
        onKeyDown={onKeyDown}
        noValidate
        aria-labelledby="job-form-title"
      >
        {prefill && showPrefillNote ? (
          <div className="notice notice-info" role="status">
            <span className="notice-icon" aria-hidden="true">
              i
            </span>
            <div className="notice-body">
              <p className="notice-title">Filled in from {prefill.source}</p>
              <p className="notice-text">
                Check the fields, then submit.
                {prefill.unplaced.length > 0
                  ? ` The project has no field for ${prefill.unplaced.map((id) => `“${id}”`).join(', ')} any more, so ${prefill.unplaced.length === 1 ? 'that value was' : 'those values were'} left out.`
                  : ''}
              </p>
            </div>
          </div>
        ) : null}
        {draft && showDraftNote ? (
          <div className="notice notice-info" role="status">
            <span className="notice-icon" aria-hidden="true">
              i
            </span>
            <div className="notice-body">
              <p className="notice-title">Your last values are back</p>
              <p className="notice-text">
                Saved <RelativeTime iso={draft.savedAt} />. Change them and submit, or choose Clear form to
                start afresh.
              </p>
            </div>
          </div>
        ) : null}
        {fields.length === 0 ? (
          <p className="form-section-text">This project has no fields to fill in: submit it as it is.</p>
        ) : null}
        <div className="form-fields" key={generation}>
          {fields.map((field) =>
            field.type.kind === 'image' || field.type.kind === 'audio' ? (
              <AssetField
                key={field.key}
                id={`field-${field.key}`}
                name={`values.${field.key}`}
                label={field.label}
                kind={field.type.kind}
                capability={capability}
                showsStorageNote={field.key === noteField}
                error={errors.values?.[field.key]?.message}
                onUploadingChange={onUploadingChange}
              />
            ) : (
              <TextField
                key={field.key}
                field={field}
                projectType={projectType}
                error={errors.values?.[field.key]?.message}
              />
            ),
          )}
          {hasBackground(projectType) ? (
            <BackgroundControls
              capability={capability}
              showsStorageNote={noteField === undefined}
              onUploadingChange={onUploadingChange}
            />
          ) : null}
        </div>
        <div className="form-footer">
          {outcome?.kind === 'failed' ? (
            <ErrorNotice title="The job could not be submitted">{outcome.text}</ErrorNotice>
          ) : null}
          <CostEstimate projectId={project.projectId} version={submitted} />
          <div className="form-feedback" aria-live="polite">
            {invalidCount > 0 ? (
              <p className="form-invalid" role="alert">
                {invalidCount === 1 ? '1 field needs' : `${invalidCount} fields need`} your attention before
                the job can be submitted.
              </p>
            ) : null}
            {outcome?.kind === 'unknown' ? (
              <div className="notice notice-warning" role="status">
                <span className="notice-icon" aria-hidden="true">
                  ?
                </span>
                <div className="notice-body">
                  <p className="notice-title">Outcome unknown</p>
                  <p className="notice-text">{outcome.text}</p>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm notice-action"
                    onClick={() => showJobInQueue(outcome.jobId)}
                  >
                    Open in the Queue
                  </button>
                </div>
              </div>
            ) : null}
            {outcome?.kind === 'submitted' ? (
              <p className="form-success" role="status">
                <span aria-hidden="true">✓ </span>
                {outcome.text}
              </p>
            ) : null}
          </div>
          <div className="form-submit">
            <button type="button" className="btn btn-ghost" onClick={clearForm} disabled={sending}>
              Clear form
            </button>
            <span className="form-shortcut" id="job-form-shortcut">
              <span className="sr-only">Shortcut: </span>
              <kbd className="kbd">{shortcutLabel('Enter')}</kbd>
            </span>
            <button
              ref={submitRef}
              type="submit"
              className="btn btn-primary btn-lg"
              disabled={sending || uploads > 0}
              aria-describedby="job-form-shortcut"
              aria-keyshortcuts={ariaShortcut('Enter')}
            >
              {sending ? <Spinner /> : null}
              {uploads > 0 ? 'Waiting for uploads…' : sending ? 'Submitting…' : 'Submit job'}
            </button>
          </div>
        </div>
      </form>
      <EmptyFieldsConfirm
        empty={asking?.empty ?? null}
        onCancel={() => setAsking(null)}
        onFocusField={(field) => form.setFocus(`values.${field.key}`)}
        onConfirm={(dontAskAgain) => {
          const values = asking?.values;
          setAsking(null);
          if (dontAskAgain) {
            void useJobFormStore
              .getState()
              .skipEmptyCheck()
              .catch(() => undefined);
          }
          if (values) void send(values);
        }}
      />
    </FormProvider>
  );
}
