// The sandbox's output generators: a finished job's real, valid file (MP4, WAV, PNG, PDF or JSON),
// made in-process with no external tools so the built-in demo works on any desktop.
import type { OutputRequest, RenderedOutput } from './types';
import { renderPdf } from './pdf-output';
import { renderPngOffThread } from './png-off-thread';
import { renderQcReport } from './qc-report-output';
import { renderVideo } from './video-output';
import { renderWav } from './wav-output';

export type { OutputRequest, RenderedOutput } from './types';

export async function renderOutput(request: OutputRequest): Promise<RenderedOutput> {
  switch (request.jobType) {
    case 'ai_talking_video':
    case 'video':
      return renderVideo(request);
    case 'tts':
      return renderWav(request);
    case 'image':
    case 'ai_image_generation':
      return renderPngOffThread(request);
    case 'pdf':
      return renderPdf(request);
    case 'photo_qc':
      return renderQcReport(request);
    default: {
      const unknown: never = request.jobType;
      throw new Error(`No output generator for job type ${String(unknown)}`);
    }
  }
}
