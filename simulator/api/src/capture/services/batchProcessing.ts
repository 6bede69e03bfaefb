// The life of a batch before indexing (decision 028): a scan or an upload lands as a Queued batch
// whose files move out of the caller's upload cache into DATA_DIR/capture/<batch>/; one step
// later (deps.clock, `stepMs`) it is Processing, one step after that its pages are read: every
// document readable makes it Processed, anything unreadable makes it Errored with the reason.
// Steps are taken on API calls (`advance`, run first by every capture call), never by a timer,
// so tests move them with the injected clock; a batch due long ago catches up in one call.
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { BatchStatus } from '@gs/contract/capture';
import type { Clock } from '../../clock';
import type { BatchesRepo, PortalRow } from '../repos/batchesRepo';
import { badRequest } from '../../domain/errors';

export const captureDir = (dataDir: string): string => join(dataDir, 'capture');
const READABLE = /^\.(tiff?|pdf|jpe?g|png|gif|bmp|webp)$/i;

/** Pages of a capture file; throws with the reason when it cannot be read. */
export async function readPages(file: string): Promise<number> {
  const ext = extname(file);
  if (!READABLE.test(ext)) throw new Error(`'${basename(file)}' is not an image or a PDF.`);
  const size = (await stat(file)).size;
  if (size === 0) throw new Error(`'${basename(file)}' is empty.`);
  if (/^\.pdf$/i.test(ext))
    return (await PDFDocument.load(await readFile(file), { ignoreEncryption: true })).getPageCount();
  return (await sharp(file).metadata()).pages ?? 1;
}

export interface BatchProcessorOptions {
  repo: BatchesRepo;
  clock: Clock;
  dataDir: string;
  stepMs: number;
}

export function createBatchProcessor(options: BatchProcessorOptions) {
  const { repo, clock, dataDir, stepMs } = options;
  let running: Promise<void> | undefined;

  async function processOne(batchId: number): Promise<{ error: string; pages: Map<number, number> }> {
    const pages = new Map<number, number>();
    const docs = repo.docs(batchId);
    if (docs.length === 0) return { error: 'The batch holds no documents.', pages };
    for (const doc of docs) {
      try {
        pages.set(doc.id, await readPages(join(captureDir(dataDir), doc.filePath)));
      } catch (err) {
        const why = err instanceof Error && !('code' in err) ? err.message : `'${doc.filePath}' is missing.`;
        return { error: `Document ${doc.ordinal} could not be read: ${why}`, pages };
      }
    }
    return { error: '', pages };
  }

  async function run(): Promise<void> {
    for (;;) {
      const now = clock.now();
      const due = repo.due(now - stepMs);
      if (due.length === 0) return;
      for (const b of due) {
        const at = b.modifiedAt + stepMs;
        if (b.status === BatchStatus.Queued) {
          repo.transaction(() => {
            if (repo.batch(b.portalId, b.id)?.status === BatchStatus.Queued)
              repo.setStatus(b.id, BatchStatus.Processing, '', at);
          });
          continue;
        }
        const { error, pages } = await processOne(b.id);
        repo.transaction(() => {
          // deleted or changed while its files were read: leave it
          if (repo.batch(b.portalId, b.id)?.status !== BatchStatus.Processing) return;
          for (const [id, n] of pages) repo.setDocPages(id, n);
          repo.setStatus(b.id, error ? BatchStatus.Errored : BatchStatus.Processed, error, at);
        });
      }
    }
  }

  return {
    stepMs,
    /** takes every step that is due now; concurrent callers share one run */
    advance(): Promise<void> {
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
    /**
     * A new Queued batch of `files` (absolute paths, each one document), moved into the capture
     * folder. The rows are one transaction; files copied before it are removed when it fails,
     * the sources only after it committed.
     */
    async create(portal: PortalRow, name: string, createdBy: string, files: string[]): Promise<number> {
      if (files.length === 0) throw badRequest('A batch needs at least one file.');
      const folder = `p${portal.id}-${clock.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const dir = join(captureDir(dataDir), folder);
      await mkdir(dir, { recursive: true });
      const placed: { relative: string; type: string }[] = [];
      try {
        for (const [i, source] of files.entries()) {
          const type = extname(source).toLowerCase();
          const relative = `${folder}/${i + 1}${type}`;
          await copyFile(source, join(captureDir(dataDir), relative));
          placed.push({ relative, type });
        }
        const id = repo.transaction(() => {
          const batchId = repo.insertBatch({
            portalId: portal.id,
            name,
            status: BatchStatus.Queued,
            createdBy,
            now: clock.now(),
          });
          placed.forEach((p, i) => repo.insertDoc(batchId, i + 1, p.relative, p.type, 0));
          return batchId;
        });
        await Promise.all(files.map((f) => rm(f, { force: true })));
        return id;
      } catch (err) {
        await rm(dir, { recursive: true, force: true });
        throw err;
      }
    },
    /** the files of a deleted batch */
    removeFiles: async (relatives: string[]): Promise<void> => {
      await Promise.all(relatives.map((r) => rm(join(captureDir(dataDir), r), { force: true })));
    },
  };
}
export type BatchProcessor = ReturnType<typeof createBatchProcessor>;
