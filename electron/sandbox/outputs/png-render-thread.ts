// The thread that draws the sandbox's image outputs (png-off-thread.ts starts it, once): drawing the text and
// encoding the PNG is CPU work of tens of milliseconds an image, done here so that the sandbox's own thread
// keeps answering the API meanwhile.
import { parentPort } from 'node:worker_threads';
import { renderPng } from './png-output';
import type { PngThreadAnswer, PngThreadJob } from './png-thread-protocol';

parentPort?.on('message', (job: PngThreadJob) => {
  // A photo crosses the thread boundary as a Uint8Array: Jimp reads a Buffer.
  const photo = job.request.photo ? Buffer.from(job.request.photo) : null;
  renderPng({ ...job.request, photo }).then(
    (rendered) => {
      const answer: PngThreadAnswer = { id: job.id, ok: true, bytes: rendered.bytes };
      parentPort?.postMessage(answer);
    },
    (error: unknown) => {
      const answer: PngThreadAnswer = {
        id: job.id,
        ok: false,
        message: String((error as Error)?.message ?? error),
      };
      parentPort?.postMessage(answer);
    },
  );
});
