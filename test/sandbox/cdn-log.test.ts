// The CDN's request log, which tests use to prove a client never sends its API key there: it records
// every request under /cdn/ before any check (refused ones too), never the signature's query, and keeps
// only the latest 1,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { CDN_LOG_SIZE, CdnLog } from '../../electron/sandbox/http/cdn-log';
import { finishedOutput, seedWithOutputBytes, signedUrl } from '../fixtures/sandbox-outputs';

let sandbox: RunningSandbox;
let url: URL;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: seedWithOutputBytes() });
  url = new URL(await signedUrl(sandbox, await finishedOutput(sandbox)));
});
afterAll(() => sandbox.close());

const last = () => sandbox.inspect.cdnRequests().at(-1);

describe('the CDN request log', () => {
  it('records a refused request as it came, headers included, before the signature is checked', async () => {
    const tampered = new URL(url);
    tampered.searchParams.set('sig', '0'.repeat(64));
    const response = await fetch(tampered, { headers: { 'x-api-key': 'a-key-sent-by-mistake' } });
    expect(response.status).toBe(403);
    expect(last()).toMatchObject({
      method: 'GET',
      path: url.pathname,
      headers: { 'x-api-key': 'a-key-sent-by-mistake' },
    });
  });

  it('records HEAD and unknown paths under /cdn/, and never a query string', async () => {
    await fetch(url, { method: 'HEAD' });
    expect(last()).toMatchObject({ method: 'HEAD', path: url.pathname });
    await fetch(`${sandbox.url}/cdn/no/such/file?sig=secret`);
    expect(last()?.path).toBe('/cdn/no/such/file');
    const everything = JSON.stringify(sandbox.inspect.cdnRequests());
    expect(everything).not.toContain(url.searchParams.get('sig')!);
    expect(everything).not.toContain('sig=');
  });

  it('leaves API requests out', async () => {
    const before = sandbox.inspect.cdnRequests().length;
    await signedUrl(sandbox, 'anything');
    expect(sandbox.inspect.cdnRequests()).toHaveLength(before);
  });

  it('keeps the latest 1,000, oldest first', () => {
    const log = new CdnLog();
    for (let index = 0; index < CDN_LOG_SIZE + 25; index++) {
      log.record({ method: 'GET', path: `/cdn/${index}`, headers: {} });
    }
    const kept = log.list();
    expect(kept).toHaveLength(CDN_LOG_SIZE);
    expect(kept[0]?.path).toBe('/cdn/25');
    expect(kept.at(-1)?.path).toBe(`/cdn/${CDN_LOG_SIZE + 24}`);
  });
});
