// What a service answers with when the answer is a file rather than JSON (decision 063): the edge
// sends it (http/route.ts `sendAnswer`), so the service never touches the response.
import type { Readable, Writable } from 'node:stream';

export interface FileAnswer {
  kind: 'file';
  /**
   * a file on disk, a stream of the bytes, the bytes, or a writer that streams them into the
   * answer as it makes them (a package zipped on the fly) and settles when it is done
   */
  source:
    | { path: string }
    | { stream: Readable; length?: number }
    | { bytes: Buffer }
    | { write: (out: Writable) => Promise<void> };
  /** the Content-Type */
  type: string;
  /** `attachment` with the file name a browser saves it under, or `inline` */
  disposition?: { kind: 'attachment' | 'inline'; fileName: string };
}

export const isFileAnswer = (value: unknown): value is FileAnswer =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file';

/** Bytes made in memory (a thumbnail, a rendered page), sent with their Content-Length. */
export const bytesAnswer = (type: string, bytes: Buffer): FileAnswer => ({
  kind: 'file',
  source: { bytes },
  type,
});
