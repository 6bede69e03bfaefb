// Scanned words written into a PDF page as invisible text (decision 040): when a scanned TIFF page
// is drawn into a PDF (merge into a PDF, append to a PDF, the "convert to PDF" archives, burned-in
// annotations; pdfMerge.ts), its words (decision 030) go on the page as text in rendering mode 3
// (neither filled nor stroked), as OCR layers are, each word scaled to its box. The PDF engine then
// reads them like any text layer: KeyFree finds the words where the ink is, content search finds
// the document. Helvetica (a standard font, nothing embedded) shows Latin-1 text; other characters
// become '?'.
import {
  TextRenderingMode,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { ScannedPageWords } from '@gs/contract/dataExtraction';

/**
 * Where MuPDF puts the box of a Helvetica word of size 1: from 1.075 above the baseline to 0.299
 * below it (measured with the engine, pdf/services/textWords.ts), so a word drawn at size
 * height / 1.374 with its baseline 1.075 × size under the box's top is read back in its box.
 */
const ASCENT = 1.075;
const LINE = 1.374;

/** The text with every character the font cannot show replaced by '?'. */
function showable(known: Set<number>, text: string): string {
  return [...text].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
}

/** Writes the words of a scanned page (boxes in its pixels) on `page`, which shows that page whole. */
export function writeWordsLayer(page: PDFPage, font: PDFFont, words: ScannedPageWords): void {
  const { width, height } = page.getSize();
  const [sx, sy] = [width / words.Width, height / words.Height];
  const known = new Set(font.getCharacterSet());
  const key = page.node.newFontDictionary(font.name, font.ref);
  const ops = [pushGraphicsState(), beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
  for (const word of words.Words) {
    const text = showable(known, word.Value.trim());
    if (text === '' || word.Width <= 0 || word.Height <= 0) continue;
    const size = (word.Height * sy) / LINE;
    const natural = font.widthOfTextAtSize(text, size);
    if (natural <= 0) continue;
    const baseline = height - word.Top * sy - ASCENT * size;
    ops.push(
      setFontAndSize(key, size),
      setCharacterSqueeze((word.Width * sx * 100) / natural),
      setTextMatrix(1, 0, 0, 1, word.Left * sx, baseline),
      showText(font.encodeText(text)),
    );
  }
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}
