// Encodes scanned page rasters: each page on its own in sharp's thread pool (G4 for bilevel,
// LZW for grey, deflate for colour TIFF; JPEG for PDF pages), then the merge step joins the
// pages into one multi-page TIFF or one PDF.
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import type { ScanColour, ScanFormat } from '@gs/contract/helper';
import type { PageRaster } from '@gs/simulator-fixtures/scan/raster';
import { joinTiffs, type TiffEntry } from '@gs/simulator-fixtures/scan/tiffJoin';

export interface EncodedPage {
  bytes: Uint8Array;
  widthPt: number;
  heightPt: number;
}

const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export async function encodePage(
  raster: PageRaster,
  colour: ScanColour,
  format: ScanFormat,
): Promise<EncodedPage> {
  const { width, height, channels, dpi } = raster;
  let image = sharp(raster.data, { raw: { width, height, channels } });
  if (channels === 1) image = image.toColourspace('b-w');
  const res = { xres: dpi / 25.4, yres: dpi / 25.4 };
  if (format === 'pdf') image = image.jpeg({ quality: colour === 'bilevel' ? 60 : 75 });
  else if (colour === 'bilevel') image = image.tiff({ compression: 'ccittfax4', bitdepth: 1, ...res });
  else image = image.tiff({ compression: colour === 'grey' ? 'lzw' : 'deflate', ...res });
  const bytes = await image.toBuffer();
  return { bytes, widthPt: (width * 72) / dpi, heightPt: (height * 72) / dpi };
}

async function mergePdf(pages: readonly EncodedPage[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const page of pages) {
    const image = await doc.embedJpg(page.bytes);
    doc
      .addPage([page.widthPt, page.heightPt])
      .drawImage(image, { x: 0, y: 0, width: page.widthPt, height: page.heightPt });
  }
  doc.setTitle(title);
  doc.setCreator('GlobalSearch Extensions scanner simulator');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  return doc.save({ useObjectStreams: false });
}

export async function mergePages(
  pages: readonly EncodedPage[],
  format: ScanFormat,
  title: string,
  /** more tags for each TIFF page (the scanned words) */
  tiffTags: readonly (readonly TiffEntry[])[] = [],
): Promise<Uint8Array> {
  if (format === 'pdf') return mergePdf(pages, title);
  return joinTiffs(
    pages.map((p) => p.bytes),
    tiffTags,
  );
}

export const CONTENT_TYPES: Record<ScanFormat, string> = { tiff: 'image/tiff', pdf: 'application/pdf' };
