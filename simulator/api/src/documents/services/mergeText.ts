// Which text a merged or appended document keeps beside its new file's own (decision 040): the
// file's text is read again after the commit (pdf/pdfTextJobs.ts), and what the file cannot hold
// as text is taken from the items' stored text. Both formats hold the text of PDF pages (copied
// with their text layer, or drawn into a TIFF with their words) and of scanned TIFF pages (their
// words, kept in a TIFF or written into a PDF as invisible text: mergeOutput.ts, pdfWordsLayer.ts).
// Images (JPEG, PNG, ...) hold none: their stored text is kept.
import type { DocumentOpsRepo } from '../repos/documentOpsRepo';
import { isPdf, isTiff } from '../../files/services/fileStore';

/** Whether a merged file (PDF or TIFF alike) holds the text of a source of `type`. */
export const keepsText = (type: string): boolean => isPdf(type) || isTiff(type);

/** The stored text of the archive items (those with a `docId`) whose pages the file cannot hold as text. */
export function textNotCarried(
  ops: Pick<DocumentOpsRepo, 'text'>,
  db: number,
  sources: { type: string; docId: number | undefined }[],
): string {
  return sources
    .filter((s) => s.docId !== undefined && !keepsText(s.type))
    .map((s) => ops.text(db, s.docId ?? 0))
    .filter((t) => t !== '')
    .join('\n');
}
