// Text extraction for content search (issue 19, decision 036): each imported document's file is
// read after the import has answered, one document after another, and its text written to the
// database's doc_text table, whose triggers put it into the content-search FTS5 index when the
// archive has content search. A PDF's text layer is read by MuPDF on the PDF workers; a TIFF's
// scanned words (decision 030) are read from the file itself. The same queue reads a document's
// file again after a page operation gave it a new one (merge, append; decision 040), with `also`
// for the text of pages the new file cannot hold as text. The request thread never waits for it;
// a file that cannot be read (encrypted, damaged, over the time limit) simply gives no text, with
// one line on stderr, and the document keeps the text it had.
import { readFile } from 'node:fs/promises';
import type { Repos } from '../../db/repos';
import { tiffWordsText } from '../../dataExtraction/services/tiffWords';
import type { ImportedFile } from '../../documents/services/importDocuments';
import { isPdf, isTiff } from '../../files/services/fileStore';
import { PdfError, pdfPageTexts } from './pdfEngine';

/** A document whose file's text is to be read. */
export interface TextJob extends ImportedFile {
  /** text kept beside the file's own: pages the file cannot hold as text (decision 040) */
  also?: string;
}

export interface PdfTextJobs {
  /** queue the text extraction of these documents' files (files with no text to read are skipped) */
  add(docs: TextJob[]): void;
  /** resolves when every queued document has been read */
  idle(): Promise<void>;
}

/** Whitespace folded, so the FTS row holds words, not the page's layout. */
const flat = (texts: string[]): string => texts.join('\n').replace(/\s+/g, ' ').trim();

async function textOf(file: string, fileType: string): Promise<string> {
  const bytes = await readFile(file);
  return flat(isPdf(fileType) ? await pdfPageTexts(bytes) : [tiffWordsText(bytes)]);
}

export function createPdfTextJobs(repos: Pick<Repos, 'docImports'>): PdfTextJobs {
  let chain: Promise<void> = Promise.resolve();

  /** One read of a file for every document that shares it (a bulk import links one file to many). */
  async function extract(docs: TextJob[]): Promise<void> {
    const first = docs[0];
    if (!first) return;
    try {
      const own = await textOf(first.absolute, first.fileType);
      for (const d of docs) {
        const body = [own, flat([d.also ?? ''])].filter((t) => t !== '').join(' ');
        if (body) repos.docImports.setText(d.databaseId, d.docId, d.relative, body);
      }
    } catch (error) {
      const why = error instanceof PdfError ? error.reason : (error as Error).message;
      console.error(`No text for document ${first.docId} of database ${first.databaseId}: ${why}`);
    }
  }

  return {
    add(docs) {
      const byFile = new Map<string, TextJob[]>();
      for (const doc of docs.filter((d) => isPdf(d.fileType) || isTiff(d.fileType))) {
        const same = byFile.get(doc.absolute);
        if (same) same.push(doc);
        else byFile.set(doc.absolute, [doc]);
      }
      for (const same of byFile.values()) chain = chain.then(() => extract(same));
    },
    idle: () => chain,
  };
}
