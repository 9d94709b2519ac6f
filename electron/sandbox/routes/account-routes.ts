// GET /auth/credits, the active projects, and a project's mapping fields.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/api/schemas';
import { isActive, type ProjectRow } from '../account-store';
import { callerOf, type SandboxContext } from '../http/context';

function projectView(project: ProjectRow) {
  return {
    projectId: project.id,
    projectName: project.name,
    projectType: project.type,
    startDate: project.startDate,
    endDate: project.endDate,
  };
}

export function registerAccountRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // The success status is not shown in the spec; 200 is the ordinary answer to a read.
  app.get('/auth/credits', async (request) => ({ credits: ctx.accounts.credits(callerOf(request).id) }));

  app.get('/api/provider/projects/active', async (request) => {
    const now = ctx.clock();
    const data = ctx.accounts
      .projects(callerOf(request).id)
      .filter((project) => !project.deleted && isActive(project, now))
      .map(projectView);
    return { message: MESSAGES.success, data };
  });

  app.get<{ Params: { projectId: string } }>(
    '/api/provider/projects/:projectId/mapping-fields',
    async (request, reply) => {
      const project = ctx.accounts.project(callerOf(request).id, request.params.projectId);
      if (!project || project.deleted) {
        return reply.code(404).send({ message: 'Project not found' });
      }
      return {
        message: MESSAGES.success,
        data: {
          projectId: project.id,
          projectName: project.name,
          projectType: project.type,
          fields: project.fields,
          fetchedAt: new Date(ctx.clock()).toISOString(),
        },
      };
    },
  );
}
