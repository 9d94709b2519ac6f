// The PNG for image jobs: the job's text printed in jimp's bundled Open Sans bitmap fonts on a colour
// picked from the job id, so a person can see at a glance which submission an image came from.
import { createHash } from 'node:crypto';
import type { loadFont } from 'jimp';
import { fitToCharset } from './charset-fit';
import { photoLayer } from './photo-layer';
import type { OutputRequest, RenderedOutput } from './types';
import { cleanText, pickTitle, textEntries } from './text-values';
import { wrapLines } from './wrap-lines';

type Font = Awaited<ReturnType<typeof loadFont>>;

const PNG_WIDTH = 640;
const PNG_HEIGHT = 360;
const MARGIN = 24;
const FOOTER_HEIGHT = 32;
const MAX_TITLE = 160;
const MAX_VALUE = 400;
const MAX_TITLE_LINES = 3;

// jimp is the heaviest module of the sandbox: it is loaded with the first image job, not at start-up.
const jimp = () => import('jimp');

let fonts: Promise<{ title: Font; body: Font }> | null = null;

// Parsing a font and its glyph page takes tens of milliseconds; every job after the first reuses them.
function loadFonts(): Promise<{ title: Font; body: Font }> {
  fonts ??= Promise.all([jimp(), import('jimp/fonts')]).then(
    async ([{ loadFont }, { SANS_16_WHITE, SANS_32_WHITE }]) => {
      const [title, body] = await Promise.all([loadFont(SANS_32_WHITE), loadFont(SANS_16_WHITE)]);
      return { title, body };
    },
  );
  fonts.catch(() => {
    fonts = null;
  });
  return fonts;
}

/** A dark, saturated colour from the job id, light text stays readable on it. */
function background(jobId: string): number {
  const digest = createHash('sha256').update(String(jobId)).digest();
  const hue = ((digest[0] ?? 0) / 256) * 360;
  const [r, g, b] = hslToRgb(hue, 0.55, 0.3);
  return ((r << 24) | (g << 16) | (b << 8) | 0xff) >>> 0;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sectors: [number, number, number][] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ];
  const [r, g, b] = sectors[Math.floor(hue / 60) % 6] ?? [0, 0, 0];
  const byte = (channel: number): number => Math.round((channel + m) * 255);
  return [byte(r), byte(g), byte(b)];
}

const printable = (font: Font, text: string): string =>
  fitToCharset(text, (character) => Object.hasOwn(font.chars, character));

export async function renderPng(request: OutputRequest): Promise<RenderedOutput> {
  const [{ Jimp, measureText, PNGFilterType }, { title: titleFont, body: bodyFont }] = await Promise.all([
    jimp(),
    loadFonts(),
  ]);
  const image = new Jimp({ width: PNG_WIDTH, height: PNG_HEIGHT, color: background(request.jobId) });
  const photo = await photoLayer(request.photo, PNG_WIDTH, PNG_HEIGHT);
  if (photo) image.composite(photo, 0, 0);
  const width = PNG_WIDTH - 2 * MARGIN;
  const print = (font: Font, y: number, text: string): void => {
    image.print({ font, x: MARGIN, y, text });
  };

  let y = MARGIN;
  const title = printable(
    titleFont,
    pickTitle(request.values, request.projectName, request.jobId, MAX_TITLE),
  );
  for (const line of wrapLines(title, width, MAX_TITLE_LINES, (text) => measureText(titleFont, text))) {
    print(titleFont, y, line);
    y += titleFont.common.lineHeight;
  }
  y += 12;

  const bottom = PNG_HEIGHT - FOOTER_HEIGHT - 4;
  const bodyLine = bodyFont.common.lineHeight;
  const entries = textEntries(request.values, MAX_VALUE);
  // The headline is already the title; repeating it would only push the other values off the canvas.
  const headline = entries.findIndex((entry) => entry.kind === 'text');
  for (const entry of entries.filter((_entry, index) => index !== headline)) {
    const room = Math.floor((bottom - y) / bodyLine);
    if (room <= 0) break;
    const text = printable(bodyFont, `${entry.label}: ${entry.text}`);
    for (const line of wrapLines(text, width, Math.min(room, 3), (part) => measureText(bodyFont, part))) {
      print(bodyFont, y, line);
      y += bodyLine;
    }
  }

  // The footer bar names the job, so even an image without text values is traceable.
  const footerTop = PNG_HEIGHT - FOOTER_HEIGHT;
  image.scan(0, footerTop, PNG_WIDTH, FOOTER_HEIGHT, (_x, _y, index) => {
    for (let channel = 0; channel < 3; channel++) {
      image.bitmap.data[index + channel] = Math.round((image.bitmap.data[index + channel] ?? 0) * 0.6);
    }
  });
  const project = cleanText(String(request.projectName), 60);
  const footer = printable(
    bodyFont,
    [request.jobType, project, cleanText(String(request.jobId), 80)].filter(Boolean).join('  |  '),
  );
  const [footerLine = ''] = wrapLines(footer, width, 1, (part) => measureText(bodyFont, part));
  print(bodyFont, footerTop + (FOOTER_HEIGHT - bodyLine) / 2, footerLine);

  // One filter for every row and zlib's default level, not pngjs's "try all five filters per row" at level 9:
  // the encode blocked the sandbox's one thread for about 60 ms an image (a batch of image jobs finishing
  // held its API's answers back and bunched them), now under 30 ms, for about 4 KiB more per image.
  const bytes = await image.getBuffer('image/png', { filterType: PNGFilterType.SUB, deflateLevel: 6 });
  return { bytes, extension: 'png', contentType: 'image/png' };
}
