// Document thumbnails: the first page fitted into width x height on white, as JPEG, cached on disk
// under ${dataDir}/cache/thumbs keyed by database, document, size and the file's mtime (a changed
// file gets a new thumbnail; old ones are simply never read again). PDF pages are drawn by MuPDF
// on the PDF workers (pdf/pdfEngine.ts) straight at the thumbnail's size; a PDF that cannot be
// drawn (encrypted, damaged, over the time limit) gets the placeholder, never an error.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderPdfPage } from '../../pdf/services/pdfEngine';

export interface ThumbRequest {
  dataDir: string;
  databaseId: number;
  docId: number;
  /** absolute path of the document's file */
  file: string;
  fileType: string;
  width: number;
  height: number;
}

export interface Thumb {
  jpeg: Buffer;
  cached: boolean;
}

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
/** In every cache name: thumbnails drawn before MuPDF (decision 035) are never read again. */
const RENDITION = 'mupdf';
const IMAGE_TYPES = new Set(['.tif', '.tiff', '.jpg', '.jpeg', '.png', '.gif', '.bmp', '.webp']);

const xml = (s: string): string => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Files sharp cannot read: a page with the file type on it, as the real viewer shows an icon. */
function placeholderSvg(fileType: string): string {
  const label = xml(fileType.replace(/^\./, '').toUpperCase() || 'FILE');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="612" height="792"><rect width="612" height="792" fill="#fff" stroke="#999" stroke-width="8"/><text x="306" y="420" font-family="DejaVu Sans" font-size="120" text-anchor="middle" fill="#555">${label}</text></svg>`;
}

async function firstPage(
  file: string,
  fileType: string,
  width: number,
  height: number,
): Promise<ReturnType<typeof sharp>> {
  const type = fileType.toLowerCase();
  if (type === '.pdf') {
    const page = await renderPdfPage(await readFile(file), 0, { dpi: 300, fit: { width, height } }).catch(
      () => undefined,
    );
    return page
      ? sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 3 } })
      : sharp(Buffer.from(placeholderSvg(type)));
  }
  if (IMAGE_TYPES.has(type)) return sharp(file, { page: 0 });
  return sharp(Buffer.from(placeholderSvg(type)));
}

export async function render(file: string, fileType: string, width: number, height: number): Promise<Buffer> {
  const page = await firstPage(file, fileType, width, height);
  return page
    .resize(width, height, { fit: 'contain', background: WHITE })
    .flatten({ background: WHITE })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The thumbnail, from the disk cache when the file has not changed since it was made. */
export async function thumbnail(r: ThumbRequest): Promise<Thumb> {
  const { mtimeMs } = await stat(r.file);
  const dir = join(r.dataDir, 'cache', 'thumbs');
  const name = `${r.databaseId}-${r.docId}-${r.width}x${r.height}-${Math.trunc(mtimeMs)}-${RENDITION}.jpg`;
  const cacheFile = join(dir, name);
  // not cached yet (or removed): drawn below
  const hit = await readFile(cacheFile).catch(() => undefined);
  if (hit) return { jpeg: hit, cached: true };
  const jpeg = await render(r.file, r.fileType, r.width, r.height);
  await mkdir(dir, { recursive: true });
  // write then rename, so a concurrent reader never sees half a file
  const partial = `${cacheFile}.${process.pid}.${Date.now()}.part`;
  await writeFile(partial, jpeg);
  await rename(partial, cacheFile);
  return { jpeg, cached: false };
}
