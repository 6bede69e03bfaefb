// Reading zips with yauzl: every file entry of a zip on disk or in memory, one at a time.
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export async function eachEntry(
  source: string | Buffer,
  visit: (name: string, open: () => Promise<Readable>) => Promise<void>,
): Promise<void> {
  const options = { lazyEntries: true, autoClose: false };
  const zip =
    typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(source, options);
  const entries: yauzl.Entry[] = [];
  try {
    await new Promise<void>((done, fail) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.once('end', () => done());
      zip.once('error', fail);
      zip.readEntry();
    });
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      await visit(entry.fileName, () => zip.openReadStreamPromise(entry));
    }
  } finally {
    zip.close();
  }
}
