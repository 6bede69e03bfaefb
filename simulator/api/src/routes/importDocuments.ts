// `POST dbs/{db}/archives/{a}` without `documentID` (that one is the audit router's LogEntry):
// import the cache files (or, with `useViewerCache=true`, the files of inbox `InboxId`) as new
// documents with the body's index values. Body, answers and error codes: contract/upload.ts.
// Imported PDFs then have their text read for content search, after the answer (pdfTextJobs.ts).
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { ArchivePermission, InboxPermission, LicenseType, hasFlag } from '@gs/contract/flags';
import { DOC_HASHES_HEADER, ImportErrorCode, type ImportResponse } from '@gs/contract/upload';
import { accessOf, type RouteDeps } from '../deps';
import { secureId } from '../db/secureIds';
import { callerOf } from '../http/auth';
import { badRequest, notFound } from '../http/errors';
import { messages } from '../services/access';
import { intParam, lowerKeys, parseId, query, queryBool } from '../http/query';
import { createFieldLists } from '../services/fieldLists';
import { importDocuments, type ImportFile } from '../services/importDocuments';
import { checkImportValues, importError } from '../services/importValues';
import { inboxAccess } from '../services/inboxAccess';
import { existingFile, inboxDir } from '../services/inboxFiles';
import { createPdfTextJobs } from '../services/pdf/pdfTextJobs';

const text = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));
const bodySchema = z.object({
  fields: z
    .array(z.object({ name: z.union([z.string(), z.number()]).transform(String), value: text.optional() }))
    .nullish()
    .transform((v) => v ?? []),
  files: z.array(z.object({ name: z.string() })).min(1),
});

/** The import body: index values by field ID (a field named twice is multi-value) and file names. */
export function parseImportBody(body: unknown) {
  const parsed = bodySchema.safeParse(lowerKeys(body));
  if (!parsed.success)
    throw badRequest(
      `The body must be {"fields":[{"name","value"}],"files":[{"name"}]}: ${z.prettifyError(parsed.error)}`,
    );
  // a field named more than once is a multi-value field's values, in order
  const byId = new Map<number, { id: number; val: string; mval: string[] }>();
  for (const f of parsed.data.fields) {
    if (!/^\s*-?\d{1,10}\s*$/.test(f.name)) throw badRequest(`The field name '${f.name}' is not a field ID.`);
    const id = Number(f.name);
    const value = f.value ?? '';
    const seen = byId.get(id);
    if (!seen) byId.set(id, { id, val: value, mval: [] });
    else seen.mval = seen.mval.length ? [...seen.mval, value] : [seen.val, value];
  }
  return { fields: [...byId.values()], files: parsed.data.files.map((f) => f.name) };
}

export function createImportRouter(deps: RouteDeps): Router {
  const router = Router();
  const lists = createFieldLists(deps.repos.fieldRules);
  const { dataDir } = deps.files;
  const textJobs = createPdfTextJobs(deps.repos);

  /** Where the named files are: the caller's upload cache, or an inbox with useViewerCache=true. */
  async function sources(req: Request, res: Response, names: string[]): Promise<ImportFile[]> {
    let dir = deps.uploads.dirOf(callerOf(res).user.id);
    if (queryBool(req, 'useViewerCache') === true) {
      const id = query(req, 'InboxId');
      if (id === undefined) throw badRequest('useViewerCache=true needs the InboxId of the files.');
      const access = inboxAccess(deps, res);
      const ref = access.inbox(parseId(id, 'InboxId'));
      if (
        !hasFlag(ref.permissions, InboxPermission.Delete) &&
        !hasFlag(ref.permissions, InboxPermission.Move)
      )
        throw importError(
          403,
          ImportErrorCode.Permissions,
          `You may not take files out of inbox '${ref.inbox.name}'.`,
        );
      dir = inboxDir(dataDir, ref.inbox);
    }
    return Promise.all(names.map(async (name) => ({ source: await existingFile(dir, name), name })));
  }

  router.post('/dbs/:db/archives/:archive', deps.auth.requireAuth, async (req, res) => {
    const access = accessOf(deps, res);
    const db = intParam(req, 'db');
    access.database(db);
    const archiveId = intParam(req, 'archive');
    // Add without View still imports (a drop box); neither is "not found"
    const archive = deps.repos.archives.byId(archiveId);
    if (!archive || archive.databaseId !== db || access.archivePermissions(archive) === 0)
      throw notFound(messages.archive(db, archiveId));
    const caller = callerOf(res);
    if ((caller.license?.type ?? caller.user.licenseType) === LicenseType.ReadOnly)
      throw importError(403, ImportErrorCode.Permissions, 'A read-only license cannot import documents.');
    if (!hasFlag(access.archivePermissions(archive), ArchivePermission.Add))
      throw importError(
        403,
        ImportErrorCode.Permissions,
        `You may not add documents to archive '${archive.name}'.`,
      );
    const body = parseImportBody(req.body);
    const rules = deps.repos.fieldRules.ofArchive(archive.id);
    const writes = checkImportValues(rules, body.fields, lists);
    const files = await sources(req, res, body.files);
    const ids = await importDocuments(deps.repos, {
      dataDir,
      archive,
      rules,
      writes,
      files,
      userName: caller.user.name,
      now: deps.clock.now(),
      imported: (docs) => textJobs.add(docs),
    });
    res.set(DOC_HASHES_HEADER, ids.map((id) => `${id},${secureId(deps.secret, 'doc', db, id)}`).join(';'));
    const out: ImportResponse = ids;
    res.json(out);
  });
  return router;
}
