// Text extraction at import (issue 19): each imported PDF's text is read by MuPDF on the PDF
// workers after the import has answered, one document after another, and written to the
// database's doc_text table, whose triggers put it into the content-search FTS5 index when the
// archive has content search. The request thread never waits for it; a PDF that cannot be read
// (encrypted, damaged, over the time limit) simply has no text, with one line on stderr.
import { readFile } from 'node:fs/promises';
import type { Repos } from '../../db/repos';
import type { ImportedFile } from '../importDocuments';
import { isPdf } from '../fileStore';
import { PdfError, pdfPageTexts } from './pdfEngine';

export interface PdfTextJobs {
  /** queue the text extraction of these documents' files (non-PDF files are skipped) */
  add(docs: ImportedFile[]): void;
  /** resolves when every queued document has been read */
  idle(): Promise<void>;
}

/** Whitespace folded, so the FTS row holds words, not the page's layout. */
const flat = (texts: string[]): string => texts.join('\n').replace(/\s+/g, ' ').trim();

export function createPdfTextJobs(repos: Pick<Repos, 'docImports'>): PdfTextJobs {
  let chain: Promise<void> = Promise.resolve();

  async function extract(doc: ImportedFile): Promise<void> {
    try {
      const body = flat(await pdfPageTexts(await readFile(doc.absolute)));
      if (body) repos.docImports.setText(doc.databaseId, doc.docId, doc.relative, body);
    } catch (error) {
      const why = error instanceof PdfError ? error.reason : (error as Error).message;
      console.error(`No text for document ${doc.docId} of database ${doc.databaseId}: ${why}`);
    }
  }

  return {
    add(docs) {
      for (const doc of docs.filter((d) => isPdf(d.fileType))) chain = chain.then(() => extract(doc));
    },
    idle: () => chain,
  };
}
