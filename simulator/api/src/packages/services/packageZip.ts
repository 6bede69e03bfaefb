// A .gs package's zip read from its file with random access (yauzl, decision 042): the central
// directory is scanned once (entry count, names, declared sizes and compression ratios: a zip
// bomb is refused before anything is unpacked), the small JSON entries are read into memory, and
// each document file is streamed out one at a time straight to its destination, its SHA-256
// checked on the way. yauzl also refuses an entry whose data outgrows its declared size.
import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export class PackageError extends Error {}

export const ZIP_LIMITS = {
  /** entries a package may hold */
  entries: 1_000_000,
  /** the largest entry read into memory (manifest, catalogue, principals, index…) */
  jsonEntryBytes: 512 * 1024 * 1024,
  /** what all entries may unpack to together */
  unpackedBytes: 64 * 1024 * 1024 * 1024,
  /** an entry over `ratioFloorBytes` may unpack to at most this many times its packed size */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
};

const SAFE_ENTRY =
  /^(manifest\.json|stamps\.json|catalog\/[a-z_]+\.json|principals\/(users|groups)\.json|documents\/(index\.ndjson|annotations\.json|files\/[0-9]+(\.[a-z0-9]+)?)|workflows\/definitions\.json)$/;

export const FILES_PREFIX = 'documents/files/';
export const isDocumentFile = (name: string): boolean => name.startsWith(FILES_PREFIX);

export interface PackageZip {
  /** every file entry by name (directories left out) */
  entries: Map<string, yauzl.Entry>;
  /** the entry's bytes, for the small JSON entries only */
  read(name: string): Promise<Buffer | undefined>;
  /** the entry's data as a stream */
  stream(name: string): Promise<Readable>;
  /** the SHA-256 (hex) of the entry's data, streamed through */
  sha256(name: string): Promise<string>;
  close(): void;
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));

function checkSizes(entry: yauzl.Entry): void {
  const { fileName: name, uncompressedSize: size, compressedSize: packed } = entry;
  if (!isDocumentFile(name) && size > ZIP_LIMITS.jsonEntryBytes)
    throw new PackageError(`The entry ${name} is too large (${size} bytes).`);
  if (size > ZIP_LIMITS.ratioFloorBytes && size > packed * ZIP_LIMITS.ratio)
    throw new PackageError(
      `The entry ${name} unpacks to ${size} bytes from ${packed}: more than ${ZIP_LIMITS.ratio} times, refused as a zip bomb.`,
    );
}

/** Open the package at `path` and scan its central directory; PackageError says what is wrong. */
export async function openPackageZip(path: string): Promise<PackageZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: true,
      validateEntrySizes: true,
    });
  } catch (e) {
    throw new PackageError(`The package is not a readable zip: ${describe(e)}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    let unpacked = 0;
    await new Promise<void>((done, fail) => {
      let count = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          if (++count > ZIP_LIMITS.entries) throw new PackageError('The package holds too many entries.');
          if (!entry.fileName.endsWith('/')) {
            if (!SAFE_ENTRY.test(entry.fileName))
              throw new PackageError(`The package holds an unexpected entry '${entry.fileName}'.`);
            checkSizes(entry);
            unpacked += entry.uncompressedSize;
            if (unpacked > ZIP_LIMITS.unpackedBytes)
              throw new PackageError(`The package unpacks to more than ${ZIP_LIMITS.unpackedBytes} bytes.`);
            entries.set(entry.fileName, entry);
          }
          zip.readEntry();
        } catch (e) {
          fail(e);
        }
      });
      zip.once('end', () => done());
      zip.once('error', fail);
      zip.readEntry();
    });
  } catch (e) {
    zip.close();
    if (e instanceof PackageError) throw e;
    throw new PackageError(`The package is not a readable zip: ${describe(e)}`);
  }
  const stream = async (name: string): Promise<Readable> => {
    const entry = entries.get(name);
    if (!entry) throw new PackageError(`The entry ${name} is missing.`);
    return zip.openReadStreamPromise(entry);
  };
  return {
    entries,
    stream,
    async read(name) {
      // a document file is only ever streamed (copyChecked), never held whole
      if (isDocumentFile(name)) throw new Error(`${name} is a document file: stream it`);
      if (!entries.has(name)) return undefined;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of await stream(name)) chunks.push(chunk as Buffer);
      } catch (e) {
        throw new PackageError(`The entry ${name} cannot be read: ${describe(e)}`);
      }
      return Buffer.concat(chunks);
    },
    async sha256(name) {
      const hash = createHash('sha256');
      try {
        for await (const chunk of await stream(name)) hash.update(chunk as Buffer);
      } catch (e) {
        throw new PackageError(`The entry ${name} cannot be read: ${describe(e)}`);
      }
      return hash.digest('hex');
    },
    close: () => zip.close(),
  };
}

/**
 * Stream `source` into the file `dest`, hashing it on the way, one chunk at a time (each written
 * before the next is read); a SHA-256 other than `sha256` removes what was written and throws.
 */
export async function copyChecked(
  source: Readable,
  dest: string,
  sha256: string,
  name: string,
): Promise<void> {
  const hash = createHash('sha256');
  try {
    const out = await open(dest, 'w');
    try {
      for await (const chunk of source) {
        hash.update(chunk as Buffer);
        await out.write(chunk as Buffer);
      }
    } finally {
      await out.close();
    }
  } catch (e) {
    source.destroy();
    await rm(dest, { force: true });
    throw new PackageError(`The entry ${name} cannot be read: ${describe(e)}`);
  }
  if (hash.digest('hex') !== sha256) {
    await rm(dest, { force: true });
    throw new PackageError(`The entry ${name} is damaged (its checksum differs from the manifest's).`);
  }
}
