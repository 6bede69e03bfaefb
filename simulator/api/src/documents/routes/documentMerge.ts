// POST `dbs/{db}/merge` (spec §4, §7): a MergeRequest body (keys in any casing).
// - Documents: the items in page order: archive documents (`ArchiveID`/`Archive`, `DocID`/`Id`,
//   optionally their `Hash`/`SecureId`, checked when given) or inbox files (`InboxId`/`InboxID` and
//   `Path`, the file name with its extension).
// - BaseDocument: the item whose index data a merge takes (an inbox file gives none: the new
//   document starts unindexed) and that an append writes to (default: the first). Type: 0 merge (default), 1 append (also "Merge" / "Append").
// - Target: `Type` "Archive" (or 0, default) with `Id` the archive (default: the base document's),
//   or "Inbox" (or 1) with `Id` the inbox; `AppendType` 0 puts the other pages after the base's, 1
//   before.
// Merge needs View on every item, Add (2) on the target archive (or Add on the target inbox) and
// answers the new document's id (0 and a `Merge-File` header naming the new file for an inbox
// target). Append takes exactly two items, needs Modify document (4, "append") on the base
// document's archive (or inbox) and answers the base document's id (0 for an inbox file). Every
// variant needs an editing licence. A merged or appended archive document has its new file's text
// read for content search after the answer (documents/services/documentMerge.ts, decision 040).
import { Router } from 'express';
import { ArchivePermission, InboxPermission, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { Caller } from '../../domain/caller';
import { secureId } from '../../security/repos/secureIds';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { pathInt, readKey } from '../../http/query';
import { asSent, pathAsSent, present, route, type Policy, type RouteContext } from '../../http/route';
import { messages } from '../../security/services/access';
import { documentMessages, requireEditingLicense } from '../services/documentAccess';
import {
  appendToDocument,
  appendToInboxFile,
  isInboxPart,
  mergeDocuments,
  mergeIntoInbox,
  type InboxPart,
  type MergeItem,
  type MergePart,
} from '../services/documentMerge';
import type { DocumentOpsContext } from '../services/documentOps';
import { safeName } from '../../files/services/fileStore';
import { inboxAccess } from '../../inboxes/services/inboxAccess';
import { createPdfTextJobs } from '../../pdf/services/pdfTextJobs';

const intOf = (obj: unknown, keys: string[]): number | undefined => {
  for (const key of keys) {
    const v = readKey(obj, key);
    const n = typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v;
    if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
  }
  return undefined;
};

const ARCHIVE_KEYS = ['ArchiveID', 'Archive', 'ArchiveId'];
const DOC_KEYS = ['DocID', 'DocumentID', 'Id'];
const INBOX_KEYS = ['InboxId', 'InboxID', 'Inbox'];

/** 0 merge, 1 append, from a number or a name. */
function typeOf(value: unknown, names: string[], what: string): number {
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value === 'number' && value >= 0 && value < names.length) return value;
  if (typeof value === 'string') {
    const i = names.findIndex((n) => n.toLowerCase() === value.trim().toLowerCase());
    if (i >= 0) return i;
    if (/^\d$/.test(value.trim()) && Number(value) < names.length) return Number(value);
  }
  throw badRequest(`The ${what} '${String(value)}' is not one of ${names.join(', ')}.`);
}

export function createDocumentMergeRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();
  // the merged or appended document's new file has its text read after the answer (decision 040)
  const textJobs = createPdfTextJobs(repos);

  const itemOf = (ctx: RouteContext, db: number, item: unknown, what: string): MergeItem => {
    const inboxId = intOf(item, INBOX_KEYS);
    const path = readKey(item, 'Path') ?? readKey(item, 'FileName');
    if (inboxId !== undefined || path !== undefined) {
      if (inboxId === undefined || typeof path !== 'string' || path.trim() === '')
        throw badRequest(`An inbox item of ${what} needs an InboxId and a Path.`);
      const ref = inboxAccess(deps, ctx.caller).inbox(inboxId);
      return { inbox: ref.inbox, name: safeName(path.trim()) };
    }
    const archiveId = intOf(item, ARCHIVE_KEYS);
    const docId = intOf(item, DOC_KEYS);
    if (archiveId === undefined || docId === undefined)
      throw badRequest(`Each of ${what} needs an ArchiveID and a DocID (or an InboxId and a Path).`);
    const archive = ctx.access.archive(db, archiveId);
    if (!repos.documents.existsInArchive(db, archive.id, docId))
      throw notFound(messages.document(archive.id, docId));
    const hash = readKey(item, 'Hash') ?? readKey(item, 'SecureId');
    if (typeof hash === 'string' && hash !== secureId(deps.secret, 'doc', db, docId))
      throw forbidden(documentMessages.secureId(docId));
    return { archive, docId };
  };

  const sameItem = (a: MergeItem, b: MergeItem): boolean =>
    isInboxPart(a)
      ? isInboxPart(b) && a.inbox.id === b.inbox.id && a.name.toLowerCase() === b.name.toLowerCase()
      : !isInboxPart(b) && a.docId === b.docId;

  const context = (caller: Caller): DocumentOpsContext => ({
    ops: repos.documentOps,
    audit: repos.audit,
    annotations: repos.annotations,
    textJobs,
    dataDir: deps.files.dataDir,
    now: () => deps.clock.now(),
    userName: caller.user.name,
  });

  const archiveTarget = ({ access }: RouteContext, db: number, id: number) => {
    const archive = access.archive(db, id);
    return { archive, permissions: access.archivePermissions(archive) };
  };

  /** the database (404) and a licence that may edit (403) */
  const merger: Policy<Record<string, string>, number> = ({ access, caller }, params) => {
    const db = access.database(pathInt(params, 'db')).Id;
    requireEditingLicense(caller);
    return db;
  };

  const spec = { params: pathAsSent, policy: merger, body: asSent };
  router.post(
    '/dbs/:db/merge',
    ...route(deps, spec, async (rc, { body, granted: db }) => {
      const type = typeOf(readKey(body, 'Type'), ['Merge', 'Append'], 'Type');
      const items = readKey(body, 'Documents');
      if (!Array.isArray(items)) throw badRequest('The Documents are required.');
      if (type === 0 && items.length < 2) throw badRequest('A merge needs two or more Documents.');
      if (type === 1 && items.length !== 2) throw badRequest('An append needs exactly two Documents.');
      const parts = items.map((item) => itemOf(rc, db, item, 'the Documents'));
      const baseBody = readKey(body, 'BaseDocument');
      const given =
        baseBody && typeof baseBody === 'object' && Object.keys(baseBody).length > 0
          ? itemOf(rc, db, baseBody, 'BaseDocument')
          : undefined;
      const base = (given && parts.find((p) => sameItem(p, given))) ?? given ?? parts[0];
      if (!base) throw badRequest('The Documents are required.');
      const target = readKey(body, 'Target');
      const targetType = typeOf(readKey(target, 'Type'), ['Archive', 'Inbox'], 'Target Type');
      const targetId = intOf(target, ['Id', 'ArchiveID', 'InboxId']);
      const ctx = context(rc.caller);

      if (type === 1) {
        const before = intOf(target, ['AppendType']) === 1;
        const others = parts.filter((p) => !sameItem(p, base));
        if (others.length !== 1) throw badRequest('An append needs a BaseDocument and one other item.');
        if (targetType === 1) {
          if (!isInboxPart(base))
            throw badRequest('Appending to an inbox needs an inbox file as the BaseDocument.');
          if (targetId !== undefined && targetId !== base.inbox.id)
            throw badRequest(`The BaseDocument is not a file of inbox ${targetId}.`);
          const inboxes = inboxAccess(deps, rc.caller);
          inboxes.require(inboxes.inbox(base.inbox.id), InboxPermission.ModifyDocument, 'append pages');
          await appendToInboxFile(ctx, { databaseId: db, base: base as InboxPart, others, before });
          return 0;
        }
        if (isInboxPart(base))
          throw badRequest('Appending to an archive needs an archive document as the BaseDocument.');
        if (targetId !== undefined && targetId !== 0 && targetId !== base.archive.id)
          throw badRequest(`Document ${base.docId} is not in archive ${targetId}.`);
        const { archive, permissions } = archiveTarget(rc, db, base.archive.id);
        if (!hasFlag(permissions, ArchivePermission.ModifyDocument))
          throw forbidden(documentMessages.permission(archive, 'append pages'));
        return appendToDocument(ctx, { databaseId: db, base: base as MergePart, others, before });
      }

      if (targetType === 1) {
        if (targetId === undefined) throw badRequest('The Target Id (an inbox) is required.');
        const inboxes = inboxAccess(deps, rc.caller);
        const ref = inboxes.inbox(targetId);
        inboxes.require(ref, InboxPermission.Add, 'add files');
        const name = await mergeIntoInbox(ctx, { databaseId: db, parts, base, target: ref.inbox });
        return present((_req, res) => void res.setHeader('Merge-File', encodeURIComponent(name)).json(0));
      }
      const targetArchive = targetId || (isInboxPart(base) ? undefined : base.archive.id);
      if (targetArchive === undefined)
        throw badRequest('The Target Id (an archive) is required when the BaseDocument is an inbox file.');
      const { archive, permissions } = archiveTarget(rc, db, targetArchive);
      if (!hasFlag(permissions, ArchivePermission.Add))
        throw forbidden(documentMessages.permission(archive, 'add documents'));
      return mergeDocuments(ctx, { databaseId: db, parts, base, target: archive });
    }),
  );

  return router;
}
