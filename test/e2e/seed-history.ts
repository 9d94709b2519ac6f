// Fills an account's history with many finished jobs, straight into the core's SQLite file (the core
// reads it through a second connection, as WAL allows), for the queue's 10,000-row checks.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const PROJECTS = [
  { id: 'p-launch', name: 'Spring Launch Spokesperson', type: 'ai_talking_video' },
  { id: 'p-teaser', name: 'Product Teaser 15s', type: 'video' },
  { id: 'p-podcast', name: 'Weekly Podcast Intro', type: 'tts' },
  { id: 'p-banner', name: 'Social Banner 1080x1080', type: 'image' },
];
const CITIES = ['Lisbon', 'Oslo', 'Nairobi', 'Osaka', 'Lima', 'Quebec', 'Tbilisi', 'Perth'];

export function seedHistory(dataDir: string, accountId: string, count: number): void {
  const db = new Database(join(dataDir, 'history.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(`
    INSERT INTO jobs (id, uuid, account_id, project_id, project_name, job_type, status, tracking, source,
      request_json, values_json, summary, credit_used, output_path, error, created_at, updated_at,
      finished_at, first_seen_ms, last_polled_ms)
    VALUES (@id, @uuid, @accountId, @projectId, @projectName, @jobType, @status, 'final', 'form',
      '{}', @values, @summary, @credits, @output, @error, @created, @created, @finished, @seen, @seen)`);
  const start = Date.parse('2026-11-01T08:00:00Z');
  db.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const project = PROJECTS[index % PROJECTS.length]!;
      const failed = index % 23 === 0;
      const headline = `Hello ${CITIES[index % CITIES.length]} #${index}`;
      const seen = start + index * 60_000;
      insert.run({
        id: randomUUID(),
        uuid: randomUUID(),
        accountId,
        projectId: project.id,
        projectName: project.name,
        jobType: project.type,
        status: failed ? 'FAILED' : 'SUCCESS',
        values: JSON.stringify({ headline }),
        summary: headline,
        credits: failed ? 0 : 2,
        output: failed ? null : `outputs/${index}.mp4`,
        error: failed ? 'The renderer ran out of memory.' : null,
        created: new Date(seen).toISOString(),
        finished: new Date(seen + 45_000).toISOString(),
        seen,
      });
    }
  })();
  db.close();
}
