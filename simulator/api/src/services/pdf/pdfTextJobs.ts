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

  /** One read of a file for every document that shares it (a bulk import links one file to many). */
  async function extract(docs: ImportedFile[]): Promise<void> {
    const first = docs[0];
    if (!first) return;
    try {
      const body = flat(await pdfPageTexts(await readFile(first.absolute)));
      if (body) for (const d of docs) repos.docImports.setText(d.databaseId, d.docId, d.relative, body);
    } catch (error) {
      const why = error instanceof PdfError ? error.reason : (error as Error).message;
      console.error(`No text for document ${first.docId} of database ${first.databaseId}: ${why}`);
    }
  }

  return {
    add(docs) {
      const byFile = new Map<string, ImportedFile[]>();
      for (const doc of docs.filter((d) => isPdf(d.fileType))) {
        const same = byFile.get(doc.absolute);
        if (same) same.push(doc);
        else byFile.set(doc.absolute, [doc]);
      }
      for (const same of byFile.values()) chain = chain.then(() => extract(same));
    },
    idle: () => chain,
  };
}
