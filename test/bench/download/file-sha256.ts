// A file's SHA-256, read as a stream (the bench's files reach a gigabyte).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
