// Image outputs drawn on a thread of their own. Drawing and encoding a PNG takes 25–60 ms of CPU; on the
// sandbox's one thread that held back every API answer meanwhile, so a wave of image jobs finishing made
// its answers slow and bunched (a client's status checks waited, and requests sent evenly under a key's
// limit arrived together and drew 429s). One thread for the process's life, started with the first image;
// where no thread can start (a build without its script), images are drawn in place as before.
import { Worker } from 'node:worker_threads';
import { threadScript } from '../../node-shared/thread-script';
import { renderPng } from './png-output';
import type { PngThreadAnswer, PngThreadJob } from './png-thread-protocol';
import type { OutputRequest, RenderedOutput } from './types';

const ENTRY = 'png-render-thread';

interface Waiting {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

/** A thread that failed (its script missing, or it died): said by this, so the image is drawn in place. */
class ThreadGone extends Error {}

let thread: Worker | null = null;
/** Once a thread could not start or died twice, images are drawn in place from then on. */
let failures = 0;
const MAX_FAILURES = 2;
let nextId = 1;
const waiting = new Map<number, Waiting>();
let drawnOnThread = 0;

/** Images the thread has drawn so far in this process (the rest were drawn in place). */
export function imagesDrawnOnThread(): number {
  return drawnOnThread;
}

function startThread(): Worker {
  const { code, evaluated } = threadScript(ENTRY, { filename: __filename, dirname: __dirname });
  // Its output is not piped to ours (a CLI's JSON), nor read: a worker's stdio stream that is being read
  // keeps the process alive, unref() or not. The thread draws and answers; it prints nothing.
  const worker = new Worker(code, { eval: evaluated, stdout: true, stderr: true });
  worker.on('message', (answer: PngThreadAnswer) => {
    const job = waiting.get(answer.id);
    if (!job) return;
    waiting.delete(answer.id);
    if (waiting.size === 0) worker.unref();
    if (!answer.ok) return job.reject(new Error(answer.message));
    drawnOnThread += 1;
    job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
  });
  const gone = (why: string) => {
    if (thread !== worker) return;
    thread = null;
    failures += 1;
    for (const job of waiting.values()) job.reject(new ThreadGone(why));
    waiting.clear();
  };
  worker.on('error', (error) => gone(String(error)));
  worker.on('exit', (exitCode) => gone(`exit ${exitCode}`));
  // An idle thread never keeps the process alive (the sandbox's server does while it runs), a busy one
  // does until its images are answered. After the listeners: adding a 'message' listener refs the thread
  // again, and a process that had drawn one image never ended (bench:kills hung after its last line).
  worker.unref();
  return worker;
}

function drawOnThread(request: OutputRequest): Promise<Buffer> {
  thread ??= startThread();
  const worker = thread;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.ref();
    const job: PngThreadJob = { id, request };
    worker.postMessage(job);
  });
}

export async function renderPngOffThread(request: OutputRequest): Promise<RenderedOutput> {
  if (failures < MAX_FAILURES) {
    try {
      const bytes = await drawOnThread(request);
      return { bytes, extension: 'png', contentType: 'image/png' };
    } catch (error) {
      if (!(error instanceof ThreadGone)) throw error;
    }
  }
  return renderPng(request);
}
