// What the sandbox's image thread is asked (a job's output to draw) and answers (its PNG, or why not).
import type { OutputRequest } from './types';

export interface PngThreadJob {
  id: number;
  request: OutputRequest;
}

export type PngThreadAnswer =
  { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };
