// The job endpoints: create (v2), read, update, requeue, and the legacy create that creates nothing.
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  createJobRequestSchema,
  triggerJobsRequestSchema,
  updateJobRequestSchema,
} from '../../shared/api/schemas';
import { parseBody } from '../http/request-body';
import { callerOf, type SandboxContext } from '../http/context';
import { resolveSource } from '../resolve-source';
import { DEFAULT_SIMULATION } from '../seed';

export const LEGACY_NOTICE =
  'POST /jobs is deprecated and creates no job. Use POST /jobs/v2 with template_id, job_type, version, session_id and values.';

type IdParams = { Params: { id: string } };

export function registerJobRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/jobs/v2', async (request, reply) => {
    const parsed = parseBody(request, createJobRequestSchema);
    if (!parsed.ok) return reply.code(400).send({ message: parsed.message });
    const account = callerOf(request);
    const { raw, value: request_ } = parsed.value;
    const source = resolveSource(
      ctx.accounts,
      account.id,
      request_.job_type,
      request_.template_id,
      request_.project_id,
      ctx.clock(),
    );
    if (!source.ok) return reply.code(400).send({ message: source.message });
    const job = ctx.jobs.create({
      accountId: account.id,
      templateId: source.sourceId,
      jobType: request_.job_type,
      input: raw as Record<string, unknown>,
      values: request_.values ?? {},
      simulation: source.simulation,
    });
    ctx.worker.poke();
    return reply.code(201).send({ message: MESSAGES.jobAccepted, job });
  });

  app.get<IdParams>('/jobs/:id', async (request) => {
    return ctx.jobs.get(callerOf(request).id, request.params.id) ?? { message: MESSAGES.jobNotFound };
  });

  app.put<IdParams>('/jobs/:id', async (request, reply) => {
    const parsed = parseBody(request, updateJobRequestSchema, { optional: true });
    if (!parsed.ok) return reply.code(400).send({ message: parsed.message });
    const { job_status, output } = parsed.value.value;
    const updated = ctx.jobs.update(callerOf(request).id, request.params.id, { job_status, output });
    return updated ?? { message: MESSAGES.jobNotFound };
  });

  app.post('/jobs/trigger-job', async (request, reply) => {
    const parsed = parseBody(request, triggerJobsRequestSchema);
    if (!parsed.ok) return reply.code(400).send({ message: parsed.message });
    const account = callerOf(request);
    // Ids are processed in order and processing stops at the first that does not resolve for the
    // caller (another account's job included): the ones before it stay requeued, as the spec says.
    for (const id of parsed.value.value.ids) {
      const job = ctx.jobs.get(account.id, id);
      if (!job) {
        ctx.worker.poke();
        return reply.code(404).send({ message: MESSAGES.noJobFound });
      }
      const simulation =
        ctx.accounts.project(account.id, job.template_id)?.simulation ??
        ctx.accounts.imagePrompt(account.id, job.template_id)?.simulation;
      ctx.jobs.requeue(account.id, id, simulation ?? DEFAULT_SIMULATION);
    }
    ctx.worker.poke();
    return reply.code(201).send({ message: MESSAGES.jobTriggered });
  });

  /** @deprecated in the service itself: any body is accepted, nothing is created. */
  app.post('/jobs', async (_request, reply) => reply.code(201).send({ message: LEGACY_NOTICE }));
}
