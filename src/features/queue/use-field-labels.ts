// A project's field labels (id → label) for showing a job's values in the person's words, not by field id
// ("Presenter photo", not "presenter_photo"). Read once per project from its mapping fields; while they
// load, or when the project cannot be read (another account's, or gone), the ids stay.
import { useEffect, useState } from 'react';
import { api, call } from '../../lib/api';

type Labels = Readonly<Record<string, string>>;

const NONE: Labels = {};
const known = new Map<string, Labels>();

export function useFieldLabels(projectId: string | undefined): Labels {
  // Bumped when a project's labels arrive, so the component shows them.
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (!projectId || known.has(projectId)) return;
    let current = true;
    call(() => api().projects.fields({ projectId })).then(
      (mapping) => {
        const labels = Object.fromEntries(
          Object.entries(mapping.fields).flatMap(([id, field]) =>
            field.label.trim() ? [[id, field.label.trim()]] : [],
          ),
        );
        known.set(projectId, labels);
        if (current) setArrived((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [projectId]);
  return (projectId && known.get(projectId)) || NONE;
}
