// Viewer sessions (spec §3, §7): `POST session` with the documents to show (archive documents by
// Archive, Id and Hash with their content-search terms, or inbox files by InboxId and
// InboxFileName) and the search they came from; answers the session id as a bare JSON string.
// Every document is checked as the document routes check it (database and archive the caller may
// view: 404; the document's own Hash: 403; an inbox file must exist: 404). `GET session/{id}`
// answers the session to its creator (anyone else: 404) with what the viewer draws from: each
// document's file type, page count and the caller's permissions now (an inbox file: the inbox's
// bits, which share the archive bits' positions). Sessions live a day. Posting a session writes a
// 'Document Viewed' history entry for each archive document in it (decision 039).
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { Router } from 'express';
import { z } from 'zod';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import type { ViewerSession, ViewerSessionDoc } from '@gs/contract/viewer';
import type { RouteDeps } from '../../deps';
import type { ViewerSessionDocRow, ViewerSessionRow } from '../repos/viewerRepo';
import { secureId } from '../../security/repos/secureIds';
import type { Caller } from '../../domain/caller';
import { asSent, route, signedIn } from '../../http/route';
import { toDotNetDate } from '../../lib/dates';
import { asHttpError, badRequest, notFound } from '../../http/errors';
import { lowerKeys } from '../../http/query';
import { pageCount, safeName } from '../../files/services/fileStore';
import { inboxAccess } from '../../inboxes/services/inboxAccess';
import { viewerDocument } from '../services/viewerAccess';
import { existingFile, inboxDir } from '../../inboxes/services/inboxFiles';

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const MAX_SESSION_DOCUMENTS = 1000;
/** the history entry of a document opened in the viewer (the audit action string of Square9Analytics) */
export const VIEWED_MESSAGE = 'Document Viewed';

export const sessionMessages = {
  body: 'The request body must be a viewer session: {"Documents": [...], "Database": ...}.',
  noDocuments: 'A viewer session needs at least one document.',
  tooMany: `A viewer session holds at most ${MAX_SESSION_DOCUMENTS} documents.`,
  document: (i: number) =>
    `Document ${i + 1} of the session must name an archive document (Archive, Id, Hash) or an inbox file (InboxId, InboxFileName).`,
  notFound: (id: string) => `The viewer session '${id}' was not found.`,
};

type Lowered = Record<string, unknown>;

const isObject = (v: unknown): v is Lowered => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A non-negative Int32 (number or numeric string); undefined when absent; 400 otherwise. */
function intOf(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 2147483647)
    throw badRequest(`The value '${String(value)}' is not valid for '${name}'.`);
  return n;
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

export function createViewerSessionsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  async function checkedDocument(
    caller: Caller,
    raw: unknown,
    index: number,
    database: number | undefined,
  ): Promise<ViewerSessionDocRow> {
    if (!isObject(raw)) throw badRequest(sessionMessages.document(index));
    const inboxId = intOf(raw.inboxid, 'InboxId');
    const inboxFileName = textOf(raw.inboxfilename).trim();
    const archive = intOf(raw.archive, 'Archive');
    const id = intOf(raw.id, 'Id');
    if (inboxId && inboxFileName && !id) {
      const ref = inboxAccess(deps, caller).inbox(inboxId);
      await existingFile(inboxDir(deps.files.dataDir, ref.inbox), safeName(inboxFileName));
      return { archive: 0, id: 0, terms: '', inboxId, inboxFileName };
    }
    if (!archive || !id || !database) throw badRequest(sessionMessages.document(index));
    viewerDocument(deps, caller, { db: database, archive, doc: id }, textOf(raw.hash));
    return { archive, id, terms: textOf(raw.contentsearchterms), inboxId: 0, inboxFileName: '' };
  }

  router.post(
    '/session',
    ...route(deps, { body: asSent, policy: signedIn }, async ({ caller }, { body: sent }) => {
      const body = lowerKeys(sent) as Partial<Record<keyof Lowered, unknown>>;
      if (!isObject(body) || !Array.isArray(body.documents)) throw badRequest(sessionMessages.body);
      const docs = body.documents as unknown[];
      if (docs.length === 0) throw badRequest(sessionMessages.noDocuments);
      if (docs.length > MAX_SESSION_DOCUMENTS) throw badRequest(sessionMessages.tooMany);
      const database = intOf(body.database, 'Database');
      const documents: ViewerSessionDocRow[] = [];
      for (const [i, raw] of docs.entries()) documents.push(await checkedDocument(caller, raw, i, database));
      const now = deps.clock.now();
      const row: ViewerSessionRow = {
        id: randomUUID(),
        userId: caller.user.id,
        databaseId: database ?? 0,
        archiveId: intOf(body.archive, 'Archive') ?? documents[0]?.archive ?? 0,
        inboxId: intOf(body.inboxid, 'InboxId') ?? 0,
        searchId: intOf(body.searchid, 'SearchId') ?? 0,
        searchCriteria: textOf(body.searchcriteria),
        documents,
        createdAt: now,
      };
      // every archive document the viewer opens is viewed: one 'Document Viewed' history entry each
      // (our design: the file route writes one only with audit=true, its byte-range reads would
      // flood the history; a reload reads its session again and writes nothing; decision 039)
      const viewed = documents
        .filter((d) => d.inboxId === 0 && d.id > 0)
        .map((d): [number, number, string] => [d.archive, d.id, VIEWED_MESSAGE]);
      repos.viewer.addSession(row, now - SESSION_LIFETIME_MS, () =>
        repos.audit.addMany(
          { databaseId: row.databaseId, userName: caller.user.name, category: 'viewed', time: now },
          viewed,
        ),
      );
      return row.id;
    }),
  );

  /** An inbox file of a session as the viewer draws it: the caller's inbox bits now, its pages. */
  async function inboxDocument(caller: Caller, d: ViewerSessionDocRow) {
    let permissions = 0;
    let pages = 0;
    try {
      const ref = inboxAccess(deps, caller).inbox(d.inboxId);
      const file = await existingFile(inboxDir(deps.files.dataDir, ref.inbox), d.inboxFileName);
      permissions = ref.permissions;
      pages = await pageCount(file);
    } catch (error) {
      // an inbox the caller no longer sees, a file gone since or one that cannot be read: nothing to draw
      if (!asHttpError(error)) throw error;
    }
    return { permissions, pages };
  }

  router.get(
    '/session/:id',
    ...route(
      deps,
      { params: z.object({ id: z.string() }), policy: signedIn },
      async ({ caller, access }, { params: { id } }) => {
        const { user } = caller;
        const row = repos.viewer.session(id);
        if (!row || row.userId !== user.id || row.createdAt < deps.clock.now() - SESSION_LIFETIME_MS)
          throw notFound(sessionMessages.notFound(id));
        const inboxFiles = new Map<ViewerSessionDocRow, { permissions: number; pages: number }>();
        for (const d of row.documents) if (!d.id) inboxFiles.set(d, await inboxDocument(caller, d));
        const documents: ViewerSessionDoc[] = row.documents.map((d) => {
          const common = { ContentSearch: d.terms, FieldData: '', Fields: '' };
          if (!d.id) {
            const ext = extname(d.inboxFileName).toLowerCase();
            const file = inboxFiles.get(d);
            return {
              ...common,
              Archive: 0,
              ArchiveName: '',
              Id: 0,
              Hash: '',
              InboxId: d.inboxId,
              InboxFileName: d.inboxFileName,
              OriginalFileName: d.inboxFileName,
              FileType: ext,
              PageCount: file?.pages ?? 0,
              Permissions: file?.permissions ?? 0,
            };
          }
          const archive = repos.archives.byId(d.archive);
          const permissions =
            archive && access.canSeeDatabase(row.databaseId) ? access.archivePermissions(archive) : 0;
          const file = hasFlag(permissions, ArchivePermission.View)
            ? repos.viewer.file(row.databaseId, d.id)
            : undefined;
          const fileType = (file?.fileType || extname(file?.filePath ?? '')).toLowerCase();
          return {
            ...common,
            Archive: d.archive,
            ArchiveName: archive?.name ?? '',
            Id: d.id,
            Hash: secureId(deps.secret, 'doc', row.databaseId, d.id),
            InboxId: 0,
            InboxFileName: '',
            OriginalFileName: file ? `${d.id}${fileType}` : '',
            FileType: fileType,
            PageCount: file?.pageCount ?? 0,
            Permissions: file ? permissions : 0,
          };
        });
        const body: ViewerSession = {
          _Id: row.id,
          Archive: row.archiveId,
          Database: row.databaseId,
          Documents: documents,
          InboxId: row.inboxId,
          SearchCriteria: row.searchCriteria,
          SearchId: row.searchId,
          Created: toDotNetDate(row.createdAt),
          Creator: user.name,
          Uploaded: false,
        };
        return body;
      },
    ),
  );

  return router;
}
