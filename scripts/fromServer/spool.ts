// Document files on their way into a template: written to disk as they arrive (a copy of many
// large documents is never held in memory), then moved to their place by writeDocuments.ts.
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpooledFile } from './model';

/** Pages of a PDF by its page objects (at least 1); other files count one. */
export function pageCount(bytes: Uint8Array, fileType: string): number {
  if (fileType.toLowerCase() !== '.pdf') return 1;
  const pages = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .match(/\/Type\s*\/Page(?!s)/g);
  return Math.max(1, pages?.length ?? 0);
}

export type Spool = (bytes: Uint8Array, fileType: string) => Promise<SpooledFile>;

export function createSpool(dir: string): Spool {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return async (bytes, fileType) => {
    const path = join(dir, String(++n));
    await writeFile(path, bytes);
    return { path, size: bytes.byteLength, pages: pageCount(bytes, fileType) };
  };
}
