// The job form generated from a project's mapping fields: react-hook-form with the zod schema built from
// them. Empty fields are flagged (and the first focused) before anything is sent; uploads must finish first.
import { useCallback, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MappingFields, Project } from '../../../electron/shared/api/schemas';
import type { UploadCapability } from '../../../electron/shared/domain/asset';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Spinner } from '../../components/Spinner';
import { AppFailure, api, call, failureMessage } from '../../lib/api';
import { useJobsStore } from '../jobs/jobs-store';
import { AssetField } from './AssetField';
import { BackgroundControls } from './BackgroundControls';
import { formFieldsOf } from './field-kinds';
import { buildJobFormSchema, emptyJobForm, hasBackground, type JobFormValues } from './form-schema';
import { TextField } from './TextField';
import { toSubmitJob } from './to-submit-job';

interface JobFormProps {
  project: Project;
  mapping: MappingFields;
  capability: UploadCapability | null;
}

type Outcome = { kind: 'submitted'; text: string } | { kind: 'failed'; text: string } | null;

export function JobForm({ project, mapping, capability }: JobFormProps): React.JSX.Element {
  const fields = useMemo(() => formFieldsOf(mapping), [mapping]);
  const projectType = mapping.projectType || project.projectType;
  const schema = useMemo(() => buildJobFormSchema(fields, projectType), [fields, projectType]);
  const form = useForm<JobFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyJobForm(fields, projectType),
    shouldFocusError: true,
  });
  const [uploads, setUploads] = useState(0);
  const [generation, setGeneration] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [invalidCount, setInvalidCount] = useState(0);
  const onUploadingChange = useCallback(
    (uploading: boolean) => setUploads((n) => n + (uploading ? 1 : -1)),
    [],
  );
  const errors = form.formState.errors;

  const submit = form.handleSubmit(
    async (values) => {
      setInvalidCount(0);
      setOutcome(null);
      try {
        const request = toSubmitJob({ ...project, projectType }, fields, values);
        if (!request) {
          throw new AppFailure('invalid-input', `The service does not take jobs of type “${projectType}”.`);
        }
        const job = await call(() => api().jobs.submit(request));
        useJobsStore.getState().upsert(job);
        form.reset(emptyJobForm(fields, projectType));
        setGeneration((n) => n + 1);
        setOutcome({ kind: 'submitted', text: 'Job submitted. Follow it in the Jobs list.' });
      } catch (failure) {
        setOutcome({ kind: 'failed', text: failureMessage(failure) });
      }
    },
    (invalid) => {
      const count = Object.keys(invalid.values ?? {}).length + Object.keys(invalid.background ?? {}).length;
      setInvalidCount(count);
      setOutcome(null);
    },
  );

  return (
    <FormProvider {...form}>
      <form className="job-form" onSubmit={submit} noValidate aria-labelledby="job-form-title">
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
                error={errors.values?.[field.key]?.message}
                onUploadingChange={onUploadingChange}
              />
            ) : (
              <TextField key={field.key} field={field} error={errors.values?.[field.key]?.message} />
            ),
          )}
          {hasBackground(projectType) ? (
            <BackgroundControls capability={capability} onUploadingChange={onUploadingChange} />
          ) : null}
        </div>
        <div className="form-footer">
          {outcome?.kind === 'failed' ? (
            <ErrorNotice title="The job could not be submitted">{outcome.text}</ErrorNotice>
          ) : null}
          <div className="form-feedback" aria-live="polite">
            {invalidCount > 0 ? (
              <p className="form-invalid" role="alert">
                {invalidCount === 1 ? '1 field needs' : `${invalidCount} fields need`} your attention before
                the job can be submitted.
              </p>
            ) : null}
            {outcome?.kind === 'submitted' ? (
              <p className="form-success" role="status">
                <span aria-hidden="true">✓ </span>
                {outcome.text}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="btn btn-primary btn-lg"
            disabled={form.formState.isSubmitting || uploads > 0}
          >
            {form.formState.isSubmitting ? <Spinner /> : null}
            {uploads > 0
              ? 'Waiting for uploads…'
              : form.formState.isSubmitting
                ? 'Submitting…'
                : 'Submit job'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
