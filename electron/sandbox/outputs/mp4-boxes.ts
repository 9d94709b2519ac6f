// Rewrites the metadata of an MP4 whose moov box is last: changing moov then never moves the media
// data, so every chunk offset in stco/co64 stays valid without parsing the sample tables.

export interface Mp4Box {
  type: string;
  /** Offset of the box's header in the buffer. */
  start: number;
  /** Offset of the box's payload. */
  dataStart: number;
  end: number;
}

export interface Mp4Tags {
  title: string;
  comment?: string;
}

/** Lists the boxes laid out in `buffer[from, to)`; throws on a size that does not fit. */
export function readBoxes(buffer: Buffer, from = 0, to = buffer.length): Mp4Box[] {
  const boxes: Mp4Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buffer.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) throw new Error(`Malformed MP4: box '${type}' at ${offset}`);
    boxes.push({ type, start: offset, dataStart: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

function box(type: string | Buffer, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  (typeof type === 'string' ? Buffer.from(type, 'latin1') : type).copy(header, 4);
  return Buffer.concat([header, payload]);
}

const fullBoxHeader = (): Buffer => Buffer.alloc(4);

// iTunes-style item: the data atom's type 1 means UTF-8, so any Unicode text survives.
function textItem(fourcc: string, text: string): Buffer {
  const typeAndLocale = Buffer.alloc(8);
  typeAndLocale.writeUInt32BE(1, 0);
  return box(Buffer.from(fourcc, 'latin1'), box('data', typeAndLocale, Buffer.from(text, 'utf8')));
}

/** A udta holding meta/ilst with ©nam (title) and ©cmt (comment), as ffmpeg's own mp4 muxer writes. */
export function buildUdta(tags: Mp4Tags): Buffer {
  const handler = box(
    'hdlr',
    fullBoxHeader(),
    Buffer.alloc(4),
    Buffer.from('mdirappl', 'latin1'),
    Buffer.alloc(8),
    Buffer.alloc(1),
  );
  const items = [textItem('\xA9nam', tags.title)];
  if (tags.comment) items.push(textItem('\xA9cmt', tags.comment));
  return box('udta', box('meta', fullBoxHeader(), handler, box('ilst', ...items)));
}

/** Splits a faststart-free MP4 into what precedes moov and moov's children other than udta. */
export function splitForMetadata(mp4: Buffer): { head: Buffer; moovChildren: Buffer[] } {
  const top = readBoxes(mp4);
  const moov = top.at(-1);
  if (!moov || moov.type !== 'moov' || !top.some((entry) => entry.type === 'mdat')) {
    throw new Error('The sample MP4 must end with its moov box (regenerate it without faststart).');
  }
  const moovChildren = readBoxes(mp4, moov.dataStart, moov.end)
    .filter((child) => child.type !== 'udta')
    .map((child) => mp4.subarray(child.start, child.end));
  return { head: mp4.subarray(0, moov.start), moovChildren };
}

/** A copy of the MP4 whose moov carries a fresh udta with the given tags. */
export function withMetadata(parts: { head: Buffer; moovChildren: Buffer[] }, tags: Mp4Tags): Buffer {
  return Buffer.concat([parts.head, box('moov', ...parts.moovChildren, buildUdta(tags))]);
}
