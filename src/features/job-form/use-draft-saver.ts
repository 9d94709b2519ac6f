// Keeps a project's unsent values as its draft in core, so that switching projects, closing the window or
// a crash loses at most the last moment of typing: saved a short while after the person stops typing, at
// once when the form goes away, and forgotten when the form is emptied. Values are stored by mapping field
// id, so a draft still fits when the project's field list changes.
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Draft } from '../../../electron/shared/domain/form-memory';
import { api, call } from '../../lib/api';
import type { FormField } from './field-kinds';
import { DEFAULT_BACKGROUND, type JobFormValues } from './form-schema';

/** How long after the last change a draft is written. */
export const DRAFT_DELAY_MS = 600;

/** The draft of these values, or null when there is nothing worth keeping. */
export function draftOf(fields: readonly FormField[], form: JobFormValues, now: Date): Draft | null {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const text = form.values[field.key] ?? '';
    if (text.trim() !== '') values[field.id] = text;
  }
  const background = form.background;
  const backgroundChanged =
    background !== undefined &&
    (background.music.trim() !== '' ||
      background.volume !== DEFAULT_BACKGROUND.volume ||
      background.start !== DEFAULT_BACKGROUND.start);
  if (Object.keys(values).length === 0 && !backgroundChanged) return null;
  const draft: Draft = { values, savedAt: now.toISOString() };
  if (background && Number.isFinite(background.volume) && Number.isFinite(background.start)) {
    draft.background = { ...background };
  }
  return draft;
}

export function useDraftSaver(
  form: UseFormReturn<JobFormValues>,
  fields: readonly FormField[],
  projectId: string,
): { saveNow(): void } {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const save = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const draft = draftOf(fields, form.getValues(), new Date());
      // A draft that cannot be written is not worth an error in the person's way: the form still works.
      void call(() => api().forms.saveDraft({ projectId, draft })).catch(() => undefined);
    };
    saveRef.current = save;
    const subscription = form.watch((_values, { type }) => {
      // Only changes the person made (typing, uploads set with shouldDirty), not resets by the form itself.
      if (type !== 'change' && !form.formState.isDirty) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(save, DRAFT_DELAY_MS);
    });
    // The window closing: the pending draft goes out now (the debounce would not get its turn).
    const onPageHide = () => {
      if (timer.current) save();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      subscription.unsubscribe();
      // Leaving the form (another project, another screen): what was typed is written at once.
      if (timer.current) save();
    };
  }, [form, fields, projectId]);

  // One object for the form's lifetime, so that effects may depend on it.
  const [saver] = useState(() => ({ saveNow: () => saveRef.current() }));
  return saver;
}
