// POST `dbs/{db}/merge` (spec §4, §7): a MergeRequest body (keys in any casing) naming two or
// more archive documents in page order (`ArchiveID`/`Archive`, `DocID`/`Id`, and optionally their
// `Hash`/`SecureId`, checked when given), the `BaseDocument` whose index data the result takes
// (default: the first) and the `Target` archive (`Id`; default: the base document's archive).
// Needs View on every document's archive (else 404), Add (2, "merge / add new documents") on the
// target and an editing licence. Answers the new document's id as a bare int. Inbox documents and
// inbox targets are not handled here (400).
import { Router, type Request, type Response } from 'express';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import type { ArchiveRow } from '../db/archivesRepo';
import { secureId } from '../db/secureIds';
import { callerOf } from '../http/auth';
import { badRequest, forbidden, notFound } from '../http/errors';
import { intParam, readKey } from '../http/query';
import { messages } from '../services/access';
import { documentMessages, requireEditingLicense } from '../services/documentAccess';
import { mergeDocuments, type MergePart } from '../services/documentMerge';

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

export function createDocumentMergeRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const partOf = (res: Response, db: number, item: unknown, what: string): MergePart => {
    if (readKey(item, 'InboxId') !== undefined || readKey(item, 'Path') !== undefined)
      throw badRequest('Merging inbox documents is not supported by this route.');
    const archiveId = intOf(item, ARCHIVE_KEYS);
    const docId = intOf(item, DOC_KEYS);
    if (archiveId === undefined || docId === undefined)
      throw badRequest(`Each of ${what} needs an ArchiveID and a DocID.`);
    const archive = accessOf(deps, res).archive(db, archiveId);
    if (!deps.repos.documents.existsInArchive(db, archive.id, docId))
      throw notFound(messages.document(archive.id, docId));
    const hash = readKey(item, 'Hash') ?? readKey(item, 'SecureId');
    if (typeof hash === 'string' && hash !== secureId(deps.secret, 'doc', db, docId))
      throw forbidden(documentMessages.secureId(docId));
    return { archive, docId };
  };

  const targetOf = (req: Request, res: Response, db: number, base: MergePart): ArchiveRow => {
    const target = readKey(req.body, 'Target');
    const type = readKey(target, 'Type');
    if (typeof type === 'string' && type.toLowerCase() === 'inbox')
      throw badRequest('Merging into an inbox is not supported by this route.');
    const id = intOf(target, ['Id', 'ArchiveID']) || base.archive.id;
    const access = accessOf(deps, res);
    const archive = access.archive(db, id);
    if (!hasFlag(access.archivePermissions(archive), ArchivePermission.Add))
      throw forbidden(documentMessages.permission(archive, 'add documents'));
    return archive;
  };

  router.post('/dbs/:db/merge', deps.auth.requireAuth, async (req, res) => {
    const db = accessOf(deps, res).database(intParam(req, 'db')).Id;
    requireEditingLicense(res);
    const items = readKey(req.body, 'Documents');
    if (!Array.isArray(items) || items.length < 2) throw badRequest('A merge needs two or more Documents.');
    const parts = items.map((item) => partOf(res, db, item, 'the Documents'));
    const baseItem = readKey(req.body, 'BaseDocument');
    const base = intOf(baseItem, DOC_KEYS) ? partOf(res, db, baseItem, 'BaseDocument') : parts[0];
    if (!base) throw badRequest('A merge needs two or more Documents.');
    const target = targetOf(req, res, db, base);
    const id = await mergeDocuments(
      {
        ops: repos.documentOps,
        audit: repos.audit,
        dataDir: deps.files.dataDir,
        now: () => deps.clock.now(),
        userName: callerOf(res).user.name,
      },
      { databaseId: db, parts, base, target },
    );
    res.json(id);
  });

  return router;
}
