// The team history's jobs columns a Job is made of (the mapping to a Job is both stores': row-mappers.ts).
/** Lists never fetch the request and record (they can be large). */
export const JOB_COLUMNS = `id, uuid, account_id, project_id, project_name, job_type, status, tracking,
  tracking_note, source, values_json, summary, credit_used, output_path, error, created_at, updated_at,
  finished_at, first_seen_ms, last_polled_ms, batch_id, batch_row, archived, requeued_ms, submitted_by`;
