// `POST dbs/{db}/archives/{a}` without `documentID` (that one is the audit router's LogEntry):
// import the cache files (or, with `useViewerCache=true`, the files of inbox `InboxId`) as new
// documents with the body's index values. Body, answers and error codes: contract/upload.ts.
// Imported PDFs then have their text read for content search, after the answer (pdfTextJobs.ts).
import { Router } from 'express';
import { ArchivePermission, InboxPermission, LicenseType, hasFlag } from '@gs/contract/flags';
import { DOC_HASHES_HEADER, ImportErrorCode, type ImportResponse } from '@gs/contract/upload';
import type { RouteDeps } from '../../deps';
import type { Caller } from '../../domain/caller';
import { secureId } from '../../security/repos/secureIds';
import { badRequest, notFound } from '../../http/errors';
import { messages } from '../../security/services/access';
import { parseImportBody } from '../../lib/importBody';
import { boolOf, parseId, pathInt } from '../../http/query';
import { pathAsSent, present, queryLookup, route, type Policy } from '../../http/route';
import type { Lookup } from '../../lib/keys';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import { listsOfSent } from '../../lists/services/sqlListItems';
import { importDocuments, type ImportFile } from '../services/importDocuments';
import { checkImportValues, importError } from '../services/importValues';
import { inboxAccess } from '../../inboxes/services/inboxAccess';
import { existingFile, inboxDir } from '../../inboxes/services/inboxFiles';
import { createPdfTextJobs } from '../../pdf/services/pdfTextJobs';

export function createImportRouter(deps: RouteDeps): Router {
  const router = Router();
  const { dataDir } = deps.files;
  const textJobs = createPdfTextJobs(deps.repos);

  /** Where the named files are: the caller's upload cache, or an inbox with useViewerCache=true. */
  async function sources(caller: Caller, query: Lookup, names: string[]): Promise<ImportFile[]> {
    let dir = deps.uploads.dirOf(caller.user.id);
    if (boolOf(query, 'useViewerCache') === true) {
      const id = query('InboxId');
      if (id === undefined) throw badRequest('useViewerCache=true needs the InboxId of the files.');
      const access = inboxAccess(deps, caller);
      const ref = access.inbox(parseId(id, 'InboxId'));
      if (
        !hasFlag(ref.permissions, InboxPermission.Delete) &&
        !hasFlag(ref.permissions, InboxPermission.Move)
      )
        throw importError(
          'forbidden',
          ImportErrorCode.Permissions,
          `You may not take files out of inbox '${ref.inbox.name}'.`,
        );
      dir = inboxDir(dataDir, ref.inbox);
    }
    return Promise.all(names.map(async (name) => ({ source: await existingFile(dir, name), name })));
  }

  /** The database, then the archive (Add without View still imports: a drop box), an editing licence and Add. */
  const importer: Policy<Record<string, string>, { db: number; archive: ArchiveRow }> = (
    { access, caller },
    params,
  ) => {
    const db = pathInt(params, 'db');
    access.database(db);
    const archiveId = pathInt(params, 'archive');
    // Add without View still imports (a drop box); neither is "not found"
    const archive = deps.repos.archives.byId(archiveId);
    if (!archive || archive.databaseId !== db || access.archivePermissions(archive) === 0)
      throw notFound(messages.archive(db, archiveId));
    if ((caller.license?.type ?? caller.user.licenseType) === LicenseType.ReadOnly)
      throw importError(
        'forbidden',
        ImportErrorCode.Permissions,
        'A read-only license cannot import documents.',
      );
    if (!hasFlag(access.archivePermissions(archive), ArchivePermission.Add))
      throw importError(
        'forbidden',
        ImportErrorCode.Permissions,
        `You may not add documents to archive '${archive.name}'.`,
      );
    return { db, archive };
  };

  const spec = { params: pathAsSent, policy: importer, query: queryLookup, body: parseImportBody };
  router.post(
    '/dbs/:db/archives/:archive',
    ...route(deps, spec, async ({ caller }, { query, body, granted: { db, archive } }) => {
      const rules = deps.repos.fieldRules.ofArchive(archive.id);
      const lists = await listsOfSent(deps.repos.fieldRules, deps.listQueries, rules, body.fields);
      const writes = checkImportValues(rules, body.fields, lists);
      const files = await sources(caller, query, body.files);
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
      const hashes = ids.map((id) => `${id},${secureId(deps.secret, 'doc', db, id)}`).join(';');
      const out: ImportResponse = ids;
      return present((_req, res) => void res.set(DOC_HASHES_HEADER, hashes).json(out));
    }),
  );
  return router;
}
