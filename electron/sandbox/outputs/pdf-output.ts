// The PDF for pdf jobs: one A4 page with the project as its title and each value as "label: value",
// in a standard font so no font file ships with the app.
import type { PDFFont, PDFPage } from 'pdf-lib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { fitToCharset } from './charset-fit';
import type { OutputRequest, RenderedOutput } from './types';
import { cleanText, pickTitle, textEntries } from './text-values';
import { wrapLines } from './wrap-lines';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const TITLE_SIZE = 20;
const BODY_SIZE = 11;
const MAX_TITLE = 200;
const MAX_VALUE = 3000;

// Standard fonts use WinAnsi; pdf-lib throws on any character outside it, so text is fitted first.
function encodable(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) => fitToCharset(text, (character) => supported.has(character.codePointAt(0) ?? -1));
}

class PageWriter {
  private y: number;
  constructor(
    private readonly page: PDFPage,
    private readonly width: number,
  ) {
    this.y = page.getHeight() - MARGIN;
  }

  /** Room for this many more lines of the given size. */
  room(size: number): number {
    return Math.max(0, Math.floor((this.y - MARGIN) / (size * 1.35)));
  }

  write(text: string, font: PDFFont, size: number, maxLines: number, color = rgb(0.1, 0.1, 0.12)): void {
    const lines = wrapLines(text, this.width, Math.min(maxLines, this.room(size)), (line) =>
      font.widthOfTextAtSize(line, size),
    );
    for (const line of lines) {
      this.y -= size * 1.35;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
    }
  }

  gap(points: number): void {
    this.y -= points;
  }
}

export async function renderPdf(request: OutputRequest): Promise<RenderedOutput> {
  const doc = await PDFDocument.create();
  const [regular, bold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  const fitRegular = encodable(regular);
  const fitBold = encodable(bold);
  const title =
    cleanText(String(request.projectName), MAX_TITLE) ||
    pickTitle(request.values, request.projectName, request.jobId, MAX_TITLE);
  // The document properties are UTF-16 in pdf-lib, so they keep the text unfitted.
  doc.setTitle(title);
  doc.setSubject(`Job ${cleanText(String(request.jobId), 200)}`);
  doc.setProducer('Job Rendering Service sandbox');
  doc.setCreator('Job Rendering Service sandbox');

  const page = doc.addPage(A4);
  const writer = new PageWriter(page, A4[0] - 2 * MARGIN);
  writer.write(fitBold(title), bold, TITLE_SIZE, 3);
  writer.write(
    fitRegular(`Job ${cleanText(String(request.jobId), 200)} - ${request.jobType}`),
    regular,
    9,
    2,
    rgb(0.4, 0.4, 0.45),
  );
  writer.gap(14);
  for (const entry of textEntries(request.values, MAX_VALUE)) {
    if (writer.room(BODY_SIZE) === 0) break;
    writer.write(fitRegular(`${entry.label}: ${entry.text}`), regular, BODY_SIZE, 12);
    writer.gap(4);
  }

  // A classic cross-reference table (not a stream): simulate.outputBytes pads just before it.
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes: Buffer.from(bytes), extension: 'pdf', contentType: 'application/pdf' };
}
