// The active account's projects and one project's mapping fields.
import { z } from 'zod';
import { mappingFieldsSchema, projectSchema } from '../../api/schemas';
import { none } from './common';

export const projectChannels = {
  'projects:list': { params: none, result: z.array(projectSchema) },
  'projects:fields': { params: z.object({ projectId: z.string().min(1) }), result: mappingFieldsSchema },
} as const;
