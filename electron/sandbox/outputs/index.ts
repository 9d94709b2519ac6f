// The sandbox's output generators: a finished job's real, valid file (MP4, WAV, PNG, PDF or JSON),
// made in-process with no external tools so the built-in demo works on any desktop.
// Each generator is loaded on first use: jimp and pdf-lib are heavy, and the sandbox (in the app's main
// process, and the CLI) should start without them.
import type { OutputRequest, RenderedOutput } from './types';

export type { OutputRequest, RenderedOutput } from './types';

export async function renderOutput(request: OutputRequest): Promise<RenderedOutput> {
  switch (request.jobType) {
    case 'ai_talking_video':
    case 'video':
      return (await import('./video-output')).renderVideo(request);
    case 'tts':
      return (await import('./wav-output')).renderWav(request);
    case 'image':
    case 'ai_image_generation':
      return (await import('./png-output')).renderPng(request);
    case 'pdf':
      return (await import('./pdf-output')).renderPdf(request);
    case 'photo_qc':
      return (await import('./qc-report-output')).renderQcReport(request);
    default: {
      const unknown: never = request.jobType;
      throw new Error(`No output generator for job type ${String(unknown)}`);
    }
  }
}
