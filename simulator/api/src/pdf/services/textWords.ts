// The words of a PDF page with their boxes, for the data-extraction tool (KeyFree) to draw and
// pick from: the contract's PageWord (contract/dataExtraction.ts), page-relative units 0..1 from
// the top-left corner of the page as it is shown (its /Rotate applied), read by MuPDF on the PDF
// workers. Rejects with PdfError like the renderer.
import type { PageWord } from '@gs/contract/dataExtraction';
import { pdfRawWords } from './pdfEngine';

export interface PdfPageWords {
  /** the page's size in points, as shown */
  Width: number;
  Height: number;
  Words: PageWord[];
}

const clamp = (v: number): number => Math.min(1, Math.max(0, v));
const round = (v: number): number => Math.round(v * 1e6) / 1e6;

/** The words of the 0-based page `pageIndex` of the PDF `bytes`, in reading order. */
export async function pdfPageWords(bytes: Uint8Array, pageIndex: number): Promise<PdfPageWords> {
  const { words, bounds } = await pdfRawWords(bytes, pageIndex);
  const [x0, y0, x1, y1] = bounds;
  const w = x1 - x0 || 1;
  const h = y1 - y0 || 1;
  return {
    Width: round(w),
    Height: round(h),
    Words: words.map(({ text, box, line }) => {
      const left = clamp((box[0] - x0) / w);
      const top = clamp((box[1] - y0) / h);
      return {
        Value: text,
        Left: round(left),
        Top: round(top),
        Width: round(clamp((box[2] - x0) / w) - left),
        Height: round(clamp((box[3] - y0) / h) - top),
        Line: line,
      };
    }),
  };
}
