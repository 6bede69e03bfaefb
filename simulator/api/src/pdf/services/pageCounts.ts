// How many pages a PDF has (decision 062): counted by MuPDF on the PDF workers (pdfEngine.ts), never
// by parsing the file on the request thread, and remembered by path, modification time and size,
// so a file viewed page by page is counted once. A PDF that cannot be read is an UnreadablePdf (a
// 422 with a Message that says why), never a count of 1. A failure is not remembered: a time-out
// under load may pass on the next try.
import { readFile, stat } from 'node:fs/promises';
import { DomainError } from '../../domain/errors';
import { PdfError, pdfPages, type PdfFailure } from './pdfEngine';

export const unreadableMessages: Record<Exclude<PdfFailure, 'page'>, string> = {
  encrypted: 'The PDF is encrypted with a password; its pages cannot be read.',
  broken: 'The PDF is damaged; its pages cannot be read.',
  timeout: 'Reading this PDF took too long; it was stopped.',
};

/** A PDF whose pages cannot be counted: 422 with a Message naming the reason. */
export class UnreadablePdf extends DomainError {
  constructor(readonly reason: PdfFailure) {
    super('unprocessable', unreadableMessages[reason === 'page' ? 'broken' : reason]);
  }
}

interface Counted {
  mtimeMs: number;
  size: number;
  pages: Promise<number>;
}

export interface PdfPageCounter {
  /** The pages of the PDF at `file`; UnreadablePdf when MuPDF cannot read it. */
  count(file: string): Promise<number>;
}

/**
 * A counter remembering up to `keep` files; `countBytes` defaults to the PDF workers' count
 * (a parameter so a test or a bench can count another way).
 */
export function createPdfPageCounter(
  keep = 500,
  countBytes: (bytes: Uint8Array) => Promise<number> = pdfPages,
): PdfPageCounter {
  const counted = new Map<string, Counted>();
  return {
    async count(file) {
      const { mtimeMs, size } = await stat(file);
      const known = counted.get(file);
      if (known && known.mtimeMs === mtimeMs && known.size === size) {
        // most recently used last: the oldest entry is the first to go
        counted.delete(file);
        counted.set(file, known);
        return known.pages;
      }
      const pages = readFile(file)
        .then(countBytes)
        .catch((error: unknown) => {
          if (counted.get(file) === entry) counted.delete(file);
          throw error instanceof PdfError ? new UnreadablePdf(error.reason) : error;
        });
      const entry: Counted = { mtimeMs, size, pages };
      counted.delete(file);
      counted.set(file, entry);
      while (counted.size > keep) counted.delete(counted.keys().next().value as string);
      return pages;
    },
  };
}

/** The process's counter (the workers are the process's too). */
export const pdfPageCounter: PdfPageCounter = createPdfPageCounter();
