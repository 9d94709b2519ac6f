// A row of the jobs table as SQLite returns it.

export type JobSource = 'form' | 'tracked' | 'batch';

export interface JobRow {
  id: string;
  uuid: string | null;
  account_id: string;
  project_id: string;
  project_name: string;
  job_type: string;
  status: string | null;
  tracking: string;
  tracking_note: string | null;
  source: JobSource;
  request_json: string | null;
  values_json: string;
  summary: string;
  record_json: string | null;
  credit_used: number | null;
  output_path: string | null;
  error: string | null;
  created_at: string | null;
  updated_at: string | null;
  finished_at: string | null;
  first_seen_ms: number;
  last_polled_ms: number | null;
  batch_id: string | null;
  batch_row: number | null;
  archived: number;
  requeued_ms: number | null;
}
