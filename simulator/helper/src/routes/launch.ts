// Launch API: the launch table (kept in memory, or in a JSON file in the data folder), launch
// entries, and email: the documents' files are fetched from the API and written as an .eml into
// the outbox folder, for the user's mail program to open as a draft. E-mail needs the user's token;
// the files are fetched with that token only, the answer names the .eml relative to the data
// folder, and no error ever repeats the token (decision 008). The launch table is the machine's
// (which program the tray app starts for a file type), so changing it needs an administrator of
// all databases with a licence that may write, as the API's administration does (decision 047).
import { Router, type Request } from 'express';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { LaunchEmailResponse, LaunchEntry } from '@gs/contract/helper';
import { HelperError, badRequest } from '../errors';
import { buildEml, type Attachment } from '../launch/eml';
import type { DocumentFetcher, DocumentRef } from '../launch/fetcher';
import { requireAdmin, requireUser, userOf, type AdminCheck, type Authorizer } from '../auth/users';

export interface LaunchOptions {
  /** folder the .eml files go to */
  outboxDir: string;
  fetcher: DocumentFetcher;
  /** the launch table's JSON file; none keeps it in memory */
  tableFile?: string;
  now?: () => number;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
};

function documentsOf(req: Request): Record<string, unknown>[] {
  const b: unknown = req.body;
  const docs = b && typeof b === 'object' ? (b as { Documents?: unknown }).Documents : undefined;
  if (!Array.isArray(docs) || docs.length === 0 || !docs.every((d) => d && typeof d === 'object'))
    throw badRequest('Documents must be a non-empty array.');
  return docs as Record<string, unknown>[];
}

function archiveRefs(req: Request): DocumentRef[] {
  const database = text(req.query.database);
  if (!database) throw badRequest('database is required.');
  // "E-mailing an annotated document converts it to PDF": the API draws the annotations on
  const annotations = text(req.query.withAnnotations)?.toLowerCase() === 'true';
  return documentsOf(req).map((d) => {
    const [archive, id] = [int(d.Archive), int(d.Id)];
    if (archive === undefined || id === undefined)
      throw badRequest('Each document needs an Archive and an Id.');
    return { kind: 'archive', database, archive, id, hash: text(d.Hash), annotations };
  });
}

function inboxRefs(req: Request): DocumentRef[] {
  const database = text(req.query.database) ?? '1';
  return documentsOf(req).map((d) => {
    const [inboxId, filename] = [int(d.InboxID), text(d.Filename)];
    if (inboxId === undefined || !filename)
      throw badRequest('Each document needs an InboxID and a Filename.');
    return { kind: 'inbox', database, inboxId, filename };
  });
}

function tableStore(file: string | undefined) {
  let table: LaunchEntry[] =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LaunchEntry[]) : [];
  const save = (next: LaunchEntry[]): LaunchEntry[] => {
    table = next;
    if (file) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(table, null, 2));
    }
    return table;
  };
  return { get: () => table, save };
}

const isEntry = (v: unknown): v is LaunchEntry =>
  !!v && typeof v === 'object' && typeof (v as { Id?: unknown }).Id === 'string';

/** The words of a failure without the token (a URL in a message may carry it). */
const withoutToken = (message: string, token: string): string =>
  message.split(token).join('…').split(encodeURIComponent(token)).join('…');

export function launchRouter(
  { authorize, isAdmin }: { authorize: Authorizer; isAdmin: AdminCheck },
  options?: LaunchOptions,
): Router {
  const router = Router();
  const user = requireUser(authorize);
  const admin = requireAdmin(authorize, isAdmin);
  const table = tableStore(options?.tableFile);
  router.get('/test', (_req, res) => {
    res.json(true);
  });
  router.get('/launchTable', (_req, res) => {
    res.json(table.get());
  });
  router.post('/launchTable', admin, (req, res) => {
    const body: unknown = req.body;
    if (!Array.isArray(body) || !body.every(isEntry))
      throw badRequest('The launch table is an array of entries with an Id.');
    res.json(table.save(body));
  });
  router.post('/launchEntry', admin, (req, res) => {
    const entry: unknown = req.body;
    if (!isEntry(entry)) throw badRequest('A launch entry needs an Id.');
    res.json(table.save([...table.get().filter((e) => e.Id !== entry.Id), entry]));
  });
  if (!options) return router;
  const send = async (token: string, refs: DocumentRef[], subject: string): Promise<LaunchEmailResponse> => {
    const attachments: Attachment[] = [];
    for (const ref of refs) {
      try {
        attachments.push(await options.fetcher(ref, token));
      } catch (error) {
        const what =
          ref.kind === 'archive'
            ? `document ${ref.id} of archive ${ref.archive}`
            : `${ref.filename} of inbox ${ref.inboxId}`;
        throw new HelperError(
          502,
          `Could not fetch ${what}: ${withoutToken(error instanceof Error ? error.message : String(error), token)}`,
        );
      }
    }
    const now = new Date((options.now ?? Date.now)());
    const eml = buildEml({
      subject,
      text: `${subject}\r\n\r\nSent from GlobalSearch.`,
      date: now,
      attachments,
    });
    await mkdir(options.outboxDir, { recursive: true });
    const file = join(
      options.outboxDir,
      `globalsearch-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    await writeFile(file, eml);
    // named relative to the data folder the outbox is in: `outbox\\globalsearch-….eml`
    return { File: `${basename(options.outboxDir)}\\${basename(file)}`, Attachments: attachments.length };
  };
  router.post('/email', user, async (req, res) => {
    const refs = archiveRefs(req);
    res.json(await send(userOf(res).token, refs, `GlobalSearch documents (${refs.length})`));
  });
  router.post('/inboxemail', user, async (req, res) => {
    const refs = inboxRefs(req);
    res.json(await send(userOf(res).token, refs, `GlobalSearch inbox files (${refs.length})`));
  });
  return router;
}
