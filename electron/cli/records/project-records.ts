// The records of `jrs projects` and `jrs fields`: the active account's projects, and a project's fields.
import { z } from 'zod';
import { projectSchema } from '../../shared/api/schemas';
import type { FieldKind } from '../../shared/domain/field-kinds';
import { defineRecord } from './define-record';

export const projectRecordSchema = defineRecord('project', 'An active project of the account.', {
  id: projectSchema.shape.projectId,
  name: projectSchema.shape.projectName,
  projectType: projectSchema.shape.projectType,
  startDate: projectSchema.shape.startDate,
  endDate: projectSchema.shape.endDate,
});

// Every kind the form knows (a new one fails to compile until it is added here).
const FIELD_KINDS: { [K in FieldKind['kind']]: K } = {
  text: 'text',
  image: 'image',
  audio: 'audio',
  color: 'color',
  unknown: 'unknown',
};

export const fieldRecordSchema = defineRecord(
  'field',
  'A field of a project: id is what submit --set and a sheet’s columns name.',
  {
    projectId: z.string(),
    id: z.string(),
    label: z.string(),
    kind: z.enum(FIELD_KINDS),
  },
);
