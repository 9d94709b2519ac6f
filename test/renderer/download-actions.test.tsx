// @vitest-environment jsdom
// The Queue's Download counts a file saved in any folder as saved (a file `jrs batch --download DIR` saved
// is not fetched again); only the details' "Save it in the chosen folder", for one job on purpose, asks
// core to save it again in the folder chosen now.
import './setup';
import { describe, expect, it } from 'vitest';
import { downloadJobs } from '../../src/features/downloads/download-actions';
import { installFakeApi } from './fake-api';

describe('downloadJobs', () => {
  it('leaves files saved elsewhere alone unless asked to save them again', async () => {
    const api = installFakeApi({
      'downloads:start': (params) => ({
        queued: [],
        skipped: [],
        saved: (params as { ids: string[] }).ids,
      }),
    });
    await downloadJobs(['job-1', 'job-2']);
    await downloadJobs(['job-1'], { saveElsewhere: true });
    expect(api.callsOf('downloads:start')).toEqual([
      { ids: ['job-1', 'job-2'] },
      { ids: ['job-1'], elsewhere: 'save' },
    ]);
  });
});
