// The POST /jobs/v2 body for a job submitted from a project's form, in the spec's recommended shape.
import { VIDEO_JOB_TYPES } from '../../shared/api/job-types';
import type { CreateJobRequest } from '../../shared/api/schemas';
import type { SubmitJob } from '../../shared/domain/job';

export function submitBody(job: SubmitJob, sessionId: string): CreateJobRequest {
  const body: CreateJobRequest = {
    template_id: job.projectId,
    job_type: job.jobType,
    version: 2,
    session_id: sessionId,
    values: job.values,
  };
  // The background_* fields are defined for video workflows only.
  if (job.background && VIDEO_JOB_TYPES.includes(job.jobType)) {
    body.background_music = job.background.music;
    body.background_volume = job.background.volume;
    body.background_start = job.background.start;
  }
  return body;
}
