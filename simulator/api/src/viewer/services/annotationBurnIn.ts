// Burning a document's annotations into a PDF (decision 006; spec: "E-mailing an annotated
// document converts it to PDF"): PDF pages are kept as they are, TIFF and image pages become PDF
// pages first (pdfMerge.ts), then each stamp is drawn on its page as the viewer shows it: its text
// in bold capitals inside a border of its colour, the top-left corner at (X, Y) as fractions of the
// page as shown (a page's /Rotate is taken into account, so the stamp reads upright). Stamps on
// pages the file does not have are left out; other file types cannot carry drawn stamps.
import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { AnnotationRow } from '../repos/annotationsRepo';
import type { Repos } from '../../db/repos';
import { isPdf } from '../../files/services/fileStore';
import { MERGEABLE_TYPES, mergeToPdf } from '../../pdf/services/pdfMerge';

/** Whether a file of this type (extension with its dot) can have its annotations burned in. */
export const canBurnIn = (type: string): boolean => MERGEABLE_TYPES.has(type.toLowerCase());

const colorOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/** The text with every character the standard font cannot show replaced by '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
}

/** Where a point of the page as shown (top-left origin, points) lies in the page's own space. */
function toPageSpace(page: PDFPage, shownX: number, shownY: number): { x: number; y: number } {
  const box = page.getCropBox();
  const { width: w, height: h } = box;
  switch (((page.getRotation().angle % 360) + 360) % 360) {
    case 90:
      return { x: box.x + shownY, y: box.y + shownX };
    case 180:
      return { x: box.x + w - shownX, y: box.y + shownY };
    case 270:
      return { x: box.x + w - shownY, y: box.y + h - shownX };
    default:
      return { x: box.x + shownX, y: box.y + h - shownY };
  }
}

function drawStamp(page: PDFPage, font: PDFFont, stamp: AnnotationRow): void {
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const box = page.getCropBox();
  const [shownW, shownH] = rotation % 180 === 0 ? [box.width, box.height] : [box.height, box.width];
  const size = Math.min(36, Math.max(8, shownW * 0.022));
  const pad = size * 0.4;
  const border = Math.max(1, size * 0.15);
  const text = printable(font, stamp.text.toUpperCase());
  const width = font.widthOfTextAtSize(text, size) + 2 * pad;
  const height = font.heightAtSize(size, { descender: false }) + 2 * pad;
  const left = stamp.x * shownW;
  const top = stamp.y * shownH;
  const color = colorOf(stamp.color);
  const rotate = degrees(rotation);
  // pdf-lib draws from the bottom-left corner, so the box starts at the shown bottom-left
  const corner = toPageSpace(page, left, top + height);
  page.drawRectangle({
    ...corner,
    width,
    height,
    rotate,
    borderColor: color,
    borderWidth: border,
    color: rgb(1, 1, 1),
    opacity: 0.7,
    borderOpacity: 1,
  });
  const baseline = toPageSpace(page, left + pad, top + height - pad);
  page.drawText(text, { ...baseline, size, font, color, rotate });
}

/** The document's file (of `type`) as a PDF with the annotations drawn on; undefined for other types. */
export async function burnIn(
  file: string,
  type: string,
  annotations: AnnotationRow[],
): Promise<Uint8Array | undefined> {
  if (!canBurnIn(type)) return undefined;
  const bytes = isPdf(type) ? await readFile(file) : (await mergeToPdf([{ file, type }])).bytes;
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true });
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages = pdf.getPages();
  for (const stamp of annotations) {
    const page = pages[stamp.page - 1];
    if (page) drawStamp(page, font, stamp);
  }
  return pdf.save();
}

/**
 * The annotated PDF of a document when it has annotations and a file they can be drawn on;
 * undefined when the native file stands (no annotations, or a type that cannot carry them).
 */
export async function annotatedFile(
  repos: Pick<Repos, 'annotations'>,
  doc: { databaseId: number; docId: number },
  file: string,
  type: string,
): Promise<Uint8Array | undefined> {
  if (!canBurnIn(type)) return undefined;
  const annotations = repos.annotations.ofDocument(doc.databaseId, doc.docId);
  return annotations.length ? burnIn(file, type, annotations) : undefined;
}
