// Turning one page of a document's file, saved into the file itself (POST Processing.ashx): a PDF
// page gets a new /Rotate (pdf-lib), a TIFF page is decoded, turned and encoded again by sharp while
// the other pages are encoded as they were, chained with their own sizes, and the scanned words of
// the turned page turned with it (tiffRewrite.ts, decision 040).
// The new bytes are returned; the caller writes them aside and renames them over the file.
import { readFile } from 'node:fs/promises';
import { PDFDocument, degrees as pdfDegrees } from 'pdf-lib';
import sharp from 'sharp';
import { type DomainError, invalid } from '../../domain/errors';
import { isPdf, isTiff } from '../../files/services/fileStore';
import { tiffPagesOf } from '../../files/services/tiffRewrite';

export const rotationMessages = {
  degrees: (value: unknown) => `Degrees must be a multiple of 90; got '${String(value)}'.`,
  fileType: (type: string) =>
    `Pages of ${type || 'this'} files cannot be rotated; only PDF and TIFF pages can.`,
  page: (page: number, count: number) => `Page ${page} is not a page of the document (1 to ${count}).`,
};

const bad = (message: string): DomainError => invalid(message);

/** 0, 90, 180 or 270 for any multiple of 90 (negative turns left); 400 otherwise. */
export function normalDegrees(value: number): number {
  if (!Number.isInteger(value) || value % 90 !== 0) throw bad(rotationMessages.degrees(value));
  return ((value % 360) + 360) % 360;
}

export interface Rotated {
  bytes: Buffer;
  pages: number;
  /** the page's rotation after the turn (PDF /Rotate; TIFF: the turn applied to the pixels) */
  rotation: number;
}

async function rotatePdf(file: string, page: number, turn: number): Promise<Rotated> {
  const pdf = await PDFDocument.load(await readFile(file), { ignoreEncryption: true });
  const count = pdf.getPageCount();
  if (page < 1 || page > count) throw bad(rotationMessages.page(page, count));
  const target = pdf.getPage(page - 1);
  const rotation = (((target.getRotation().angle + turn) % 360) + 360) % 360;
  target.setRotation(pdfDegrees(rotation));
  return { bytes: Buffer.from(await pdf.save()), pages: count, rotation };
}

async function rotateTiff(file: string, page: number, turn: number): Promise<Rotated> {
  const count = (await sharp(file).metadata()).pages ?? 1;
  if (page < 1 || page > count) throw bad(rotationMessages.page(page, count));
  const all = Array.from({ length: count }, (_, i) => i + 1);
  return { bytes: await tiffPagesOf(file, all, { page, degrees: turn }), pages: count, rotation: turn };
}

/** The file's bytes with page `page` (1-based) turned by `degrees` clockwise. */
export async function rotatePage(
  file: string,
  fileType: string,
  page: number,
  degrees: number,
): Promise<Rotated> {
  const turn = normalDegrees(degrees);
  if (isPdf(fileType)) return rotatePdf(file, page, turn);
  if (isTiff(fileType)) return rotateTiff(file, page, turn);
  throw bad(rotationMessages.fileType(fileType));
}
