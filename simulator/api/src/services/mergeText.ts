// Which text a merged or appended document keeps beside its new file's own (decision 040): the
// file's text is read again after the commit (pdf/pdfTextJobs.ts), and what the file cannot hold
// as text is taken from the items' stored text. A PDF holds the text layers of the PDF pages it
// copied, not the words of TIFF pages drawn into it as images; a TIFF holds the scanned words of
// TIFF pages and the text-layer words of PDF pages (mergeOutput.ts). Images hold none.
import type { DocumentOpsRepo } from '../db/documentOpsRepo';
import { isPdf, isTiff } from './fileStore';
import type { MergeFormat } from './mergeOutput';

/** Whether a merged file of `format` holds the text of a source of `type`. */
export const keepsText = (type: string, format: MergeFormat): boolean =>
  format === 'pdf' ? isPdf(type) : isPdf(type) || isTiff(type);

/** The stored text of the archive items (those with a `docId`) whose pages the file cannot hold as text. */
export function textNotCarried(
  ops: Pick<DocumentOpsRepo, 'text'>,
  db: number,
  sources: { type: string; docId: number | undefined }[],
  format: MergeFormat,
): string {
  return sources
    .filter((s) => s.docId !== undefined && !keepsText(s.type, format))
    .map((s) => ops.text(db, s.docId ?? 0))
    .filter((t) => t !== '')
    .join('\n');
}
