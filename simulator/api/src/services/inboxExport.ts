// Inbox export (spec "PUT/POST/DELETE/GET inboxes/{id} for ... export", "GET inboxes?jobid"):
// `POST inboxes/{id}?action=export` (or `Export=true`) with `{FileNames: [...]}` starts a job that
// zips the named files of the inbox and answers `{JobId}`; `GET inboxes?jobid=` answers 202
// `{Status: 'Running'}` until the zip is written, then the zip (`Inbox-<name>.zip`), again on
// every call for an hour (the notification's link downloads it after the page has fetched it),
// after which the job and its file are dropped. Only the user who started a job may fetch it.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { ZipArchive } from 'archiver';
import { HttpError, badRequest, notFound } from '../http/errors';
import { readKey } from '../http/query';
import { existingFile } from './inboxFiles';
import { publicMessage } from './serverPaths';

/** How long a finished zip stays downloadable. */
const KEEP_MS = 60 * 60 * 1000;

interface InboxExportJob {
  status: 'Running' | 'Completed' | 'Failed';
  file: string;
  name: string;
  message: string;
  owner: number;
}

/** The file names of the export body (any casing), de-duplicated; 400 when there are none. */
export function exportNames(body: unknown): string[] {
  const list = readKey(body, 'FileNames');
  if (!Array.isArray(list) || list.length === 0)
    throw badRequest('The request body must be {"FileNames": [...]} with at least one file name.');
  if (!list.every((n): n is string => typeof n === 'string' && n.trim() !== ''))
    throw badRequest('Every entry of FileNames must be a file name.');
  return [...new Set(list.map((n) => n.trim()))];
}

/** `Inbox-<name>.zip`, with what a file name or a header may not hold replaced by `_`. */
const zipName = (inboxName: string): string => {
  const bad = (c: string): boolean =>
    c.charCodeAt(0) < 32 || c.charCodeAt(0) > 126 || '\\/:*?"<>|'.includes(c);
  return `Inbox-${[...inboxName].map((c) => (bad(c) ? '_' : c)).join('')}.zip`;
};

export function createInboxExports(dataDir: string) {
  const jobs = new Map<string, InboxExportJob>();
  const dir = join(dataDir, 'cache', 'inbox-export');

  async function writeZip(job: InboxExportJob, files: string[]): Promise<void> {
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const done = pipeline(zip, createWriteStream(job.file));
    for (const file of files) zip.file(file, { name: basename(file) });
    await zip.finalize();
    await done;
  }

  return {
    /** Checks every name (400 bad name, 404 missing) before the job starts; answers the job id. */
    async start(inboxDir: string, inboxName: string, names: string[], owner: number): Promise<string> {
      const files: string[] = [];
      for (const name of names) files.push(await existingFile(inboxDir, name));
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const job: InboxExportJob = {
        status: 'Running',
        file: join(dir, `${id}.zip`),
        name: zipName(inboxName),
        message: '',
        owner,
      };
      jobs.set(id, job);
      const drop = (): void => {
        jobs.delete(id);
        void rm(job.file, { force: true });
      };
      writeZip(job, files).then(
        () => {
          job.status = 'Completed';
          setTimeout(drop, KEEP_MS).unref();
        },
        (err: unknown) => {
          job.status = 'Failed';
          job.message = publicMessage(err, dataDir);
          void rm(job.file, { force: true });
        },
      );
      return id;
    },

    /** 202 while running, then the zip; 404 for another user's job. */
    answer(res: Response, id: string, owner: number): void {
      const job = jobs.get(id);
      if (!job || job.owner !== owner) throw notFound(`Export job '${id}' was not found.`);
      if (job.status === 'Running') {
        res.status(202).json({ Status: job.status });
        return;
      }
      if (job.status === 'Failed') {
        jobs.delete(id);
        throw new HttpError(500, { Message: job.message });
      }
      res.set('Content-Disposition', `attachment; filename="${job.name}"`).type('application/zip');
      res.sendFile(job.file, { dotfiles: 'allow' }, (err) => {
        if (err && !res.headersSent) res.status(404).json({ Message: 'The export file is gone.' });
      });
    },
  };
}
