// The background PDF converter of archives with "convert to PDF" (ArchiveFlags.PdfConvert): a
// TIFF or image document that lands in such an archive is queued by the document table's trigger
// (docStateTriggers.ts) and, once `delayMs` has passed on the API's clock, turned into a real PDF
// (every TIFF frame or image drawn on a page of its own size, pdfMerge.ts). The new file is written
// first; then ONE transaction swaps the document's file, File Type and Page Count (setFile), adds
// a 'File Converted' history entry and clears the pending mark. The old file goes after the commit
// when no other document uses it. A document deleted, moved out of the flag's reach or given
// another file meanwhile is left as it is (a new non-PDF file is queued again by the trigger).
// `runDue` does one round (the tests and POST /__sim/pdf-conversion call it); `start` polls.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ArchiveFlags, hasFlag } from '@gs/contract/flags';
import type { Clock } from '../../clock';
import type { Repos } from '../../db/repos';
import { isConvertible, type DueConversion } from '../../documents/repos/docStatesRepo';
import { storedFile } from '../../documents/services/documentOps';
import { mergeToPdf } from './pdfMerge';
import { publicMessage } from '../../files/services/serverPaths';
import { removeLeftover } from '../../files/services/leftovers';
import { log } from '../../log';

/** The user the history shows for a conversion: the server's own service. */
export const CONVERTER_USER = 'GlobalSearch Conversion Service';
const BATCH = 20;

export interface PdfConverterOptions {
  repos: Repos;
  clock: Clock;
  dataDir: string;
  /** how long a queued document waits before it is converted */
  delayMs: number;
}

export interface PdfRound {
  converted: number;
  /** still waiting after the round */
  pending: number;
}

export function createPdfConverter(options: PdfConverterOptions) {
  const { repos, clock, dataDir, delayMs } = options;
  const states = repos.docStates;
  let round: Promise<PdfRound> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** The document still waits for this conversion: the same file, still convertible, still flagged. */
  const current = (job: DueConversion, filePath: string) => {
    const row = repos.documentOps.row(job.databaseId, job.docId);
    const state = states.ofDocument(job.databaseId, job.docId);
    if (!row || !state?.pdfPending || row.filePath !== filePath) return undefined;
    return row;
  };

  async function convert(job: DueConversion): Promise<boolean> {
    const row = repos.documentOps.row(job.databaseId, job.docId);
    const archive = row && repos.archives.byId(row.archiveId);
    const source = row && storedFile(dataDir, row.filePath);
    if (
      !row ||
      !archive ||
      !source ||
      !isConvertible(row.fileType) ||
      !hasFlag(archive.flags, ArchiveFlags.PdfConvert)
    ) {
      states.transaction(() => states.clearConversion(job.databaseId, job.docId));
      return false;
    }
    let pdf: { bytes: Uint8Array; pages: number };
    try {
      pdf = await mergeToPdf([{ file: source, type: row.fileType.toLowerCase() }]);
    } catch (error) {
      // an unreadable file stays as it is; the history says why it was not converted
      states.transaction(() => {
        if (!current(job, row.filePath)) return;
        states.clearConversion(job.databaseId, job.docId);
        repos.audit.add({
          databaseId: job.databaseId,
          archiveId: row.archiveId,
          documentId: job.docId,
          oldArchiveId: 0,
          oldDocId: 0,
          userName: CONVERTER_USER,
          category: 'converted',
          message: `File conversion to PDF failed: ${publicMessage(error, dataDir)}`,
          time: clock.now(),
          connectionString: '',
        });
      });
      return false;
    }
    const path = `${job.databaseId}/${row.archiveId}/${job.docId}-pdf-${randomBytes(6).toString('hex')}.pdf`;
    const target = storedFile(dataDir, path);
    if (!target) throw new Error(`bad conversion path ${path}`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, pdf.bytes, { flag: 'wx' });
    let swapped = false;
    try {
      swapped = states.transaction(() => {
        const now = current(job, row.filePath);
        if (!now) return false;
        repos.documentOps.setFile(job.databaseId, job.docId, {
          path,
          type: '.pdf',
          size: pdf.bytes.length,
          pages: pdf.pages,
        });
        states.clearConversion(job.databaseId, job.docId);
        repos.audit.add({
          databaseId: job.databaseId,
          archiveId: now.archiveId,
          documentId: job.docId,
          oldArchiveId: 0,
          oldDocId: 0,
          userName: CONVERTER_USER,
          category: 'converted',
          message: `File Converted: ${row.fileType.toLowerCase()} to .pdf (${pdf.pages} ${pdf.pages === 1 ? 'page' : 'pages'})`,
          time: clock.now(),
          connectionString: '',
        });
        return true;
      });
    } finally {
      if (!swapped) await removeLeftover(target, 'The PDF of a conversion not kept');
    }
    if (swapped && !repos.documentOps.fileInUse(row.filePath))
      await removeLeftover(source, 'The file the PDF conversion replaced');
    return swapped;
  }

  async function work(): Promise<PdfRound> {
    let converted = 0;
    const tried = new Set<string>();
    for (;;) {
      const due = states
        .dueConversions(clock.now() - delayMs, BATCH + tried.size)
        .filter((j) => !tried.has(`${j.databaseId}:${j.docId}`));
      if (due.length === 0) break;
      for (const job of due) {
        tried.add(`${job.databaseId}:${job.docId}`);
        try {
          if (await convert(job)) converted++;
        } catch (error) {
          console.error(`PDF conversion of document ${job.docId} (database ${job.databaseId}):`, error);
        }
      }
    }
    return { converted, pending: states.pendingConversions() };
  }

  /** Convert every document whose delay has passed (a round already running is joined). */
  function runDue(): Promise<PdfRound> {
    round ??= work().finally(() => {
      round = undefined;
    });
    return round;
  }

  return {
    delayMs,
    runDue,
    /** Poll every `pollMs` until stop(). */
    start(pollMs: number): void {
      if (timer) return;
      timer = setInterval(() => {
        runDue().catch((error: unknown) => log.warn('A round of PDF conversion', error));
      }, pollMs);
      timer.unref();
    },
    /** Stop polling; resolves when a round under way has finished. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      // a round's failures were logged where it ran (runDue's catch): only its end matters here
      await round?.catch(() => undefined);
    },
  };
}
export type PdfConverter = ReturnType<typeof createPdfConverter>;
