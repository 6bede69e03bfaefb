// Inbox export (spec "PUT/POST/DELETE/GET inboxes/{id} for ... export", "GET inboxes?jobid"):
// `POST inboxes/{id}?action=export` (or `Export=true`) with `{FileNames: [...]}` starts a job that
// zips the named files of the inbox and answers `{JobId}`; `GET inboxes?jobid=` answers 202
// `{Status: 'Running'}` until the zip is written, then the zip (`Inbox-<name>.zip`), again on
// every call for an hour (the notification's link downloads it after the page has fetched it),
// after which the job and its file are dropped; a failed job is answered once, or dropped an hour
// after it failed. Only the user who started a job may fetch it. The jobs live in the job registry
// (decision 061), which empties `cache/inbox-export` when the server starts.
import { createWriteStream } from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { JOB_TTL_MS, JobRegistry } from '@gs/simulator-shared/jobRegistry';
import type { Clock } from '../../clock';
import { failed, notFound } from '../../domain/errors';
import { existingFile } from './inboxFiles';
import { publicMessage } from '../../files/services/serverPaths';

interface InboxExportState {
  status: 'Running' | 'Completed' | 'Failed';
  file: string;
  name: string;
  message: string;
}

export type InboxExportResult = { status: 'Running' } | { status: 'Completed'; file: string; name: string };

/** `Inbox-<name>.zip`, with what a file name or a header may not hold replaced by `_`. */
const zipName = (inboxName: string): string => {
  const bad = (c: string): boolean =>
    c.charCodeAt(0) < 32 || c.charCodeAt(0) > 126 || '\\/:*?"<>|'.includes(c);
  return `Inbox-${[...inboxName].map((c) => (bad(c) ? '_' : c)).join('')}.zip`;
};

async function writeZip(target: string, files: string[]): Promise<void> {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const done = pipeline(zip, createWriteStream(target));
  for (const file of files) zip.file(file, { name: basename(file) });
  await zip.finalize();
  await done;
}

export interface InboxExportsOptions {
  dataDir: string;
  clock: Clock;
  /** how long a finished zip stays downloadable (default an hour) */
  ttlMs?: number;
}

export function createInboxExports({ dataDir, clock, ttlMs = JOB_TTL_MS }: InboxExportsOptions) {
  const jobs = new JobRegistry<InboxExportState>({
    dir: join(dataDir, 'cache', 'inbox-export'),
    ttlMs,
    now: () => clock.now(),
  });

  return {
    /** Checks every name (bad name, missing file) before the job starts; answers the job id. */
    async start(inboxDir: string, inboxName: string, names: string[], owner: number): Promise<string> {
      const files: string[] = [];
      for (const name of names) files.push(await existingFile(inboxDir, name));
      const job = await jobs.create(owner, () => ({
        status: 'Running',
        file: '',
        name: zipName(inboxName),
        message: '',
      }));
      job.state.file = jobs.file(job, `${job.id}.zip`);
      writeZip(job.state.file, files).then(
        () => {
          job.state.status = 'Completed';
          jobs.end(job);
        },
        (err: unknown) => {
          job.state.status = 'Failed';
          job.state.message = publicMessage(err, dataDir);
          jobs.end(job);
        },
      );
      return job.id;
    },

    /** Running, or the zip; notFound for another user's job or an expired one; a failed job's Message once (500). */
    async result(id: string, owner: number): Promise<InboxExportResult> {
      await jobs.expire();
      const job = jobs.get(id, owner);
      if (!job) throw notFound(`Export job '${id}' was not found.`);
      const { status, file, name, message } = job.state;
      if (status === 'Failed') {
        await jobs.remove(job);
        throw failed(message);
      }
      return status === 'Running' ? { status } : { status, file, name };
    },

    /** The registry (tests: expiry). */
    jobs,
  };
}
export type InboxExports = ReturnType<typeof createInboxExports>;
