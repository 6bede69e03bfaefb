// The batch endpoints the Extensions helper calls for bulk update and the import utility
// (simulator additions, contract/helperBulk.ts `bulkApiPaths`; keys in any casing):
// - POST dbs/{db}/bulk/resolve: every (ArchiveID, DocID) a search finds, all pages and archives;
// - POST dbs/{db}/bulk/update: up to MAX_BATCH document updates in ONE transaction (permission
//   1024 per archive, never licence type 4, never a revision-control archive);
// - POST dbs/{db}/bulk/import: up to MAX_BATCH new documents in ONE transaction (permission 2,
//   never licence type 4).
import { Router } from 'express';
import { z } from 'zod';
import type { BulkApiUpdateResponse, BulkResolveResponse } from '@gs/contract/helperBulk';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { badRequest, forbidden, notFound } from '../../domain/errors';
import { lowerKeys } from '../../lib/keys';
import { int32Value } from '../../lib/zodInput';
import { readBulkImport, readBulkUpdate } from './bulkBodies';
import { route, signedIn, type Policy } from '../../http/route';
import { messages } from '../../security/services/access';
import { documentMessages, requireEditingLicense } from '../../documents/services/documentAccess';
import { createBulkImports } from '../services/bulkImport';
import { createPdfTextJobs } from '../../pdf/services/pdfTextJobs';
import { createBulkUpdates } from '../services/bulkUpdate';
import { sqlListItems } from '../../lists/services/sqlListItems';
import { criteriaOf } from '../../search/services/params';
import { documentFilter, type SearchTarget } from '../../search/services/run';

/** documents or rows per call at most */
export const MAX_BATCH = 10_000;

const id = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,10}$/)
    .transform(Number),
]);
const text = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));

const resolveBody = z.object({
  searchid: id,
  archive: id.optional(),
  searchcriteria: z.record(z.string(), text).optional(),
});
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(lowerKeys(body));
  if (!r.success) {
    const issue = r.error.issues[0];
    throw badRequest(
      `The request body is not valid: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return r.data;
}

const params = z.object({ db: int32Value('db') });

/** A write needs a licence that may write (not type 4). */
const editor: Policy = ({ caller }) => requireEditingLicense(caller);

export function createBulkRouter(deps: RouteDeps, sqlite: Db): Router {
  const { repos } = deps;
  const router = Router();
  const updates = createBulkUpdates(sqlite, repos);
  const imports = createBulkImports(sqlite, repos, createPdfTextJobs(repos));

  const resolve = { params, body: (raw: unknown) => parse(resolveBody, raw), policy: signedIn };
  router.post(
    '/dbs/:db/bulk/resolve',
    ...route(deps, resolve, ({ access }, { params: p, body }) => {
      const databaseId = access.database(p.db).Id;
      const search = repos.searches.byId(body.searchid);
      if (
        !search ||
        search.databaseId !== databaseId ||
        access.searchProps(databaseId)(search.id) === undefined
      )
        throw notFound(messages.search(databaseId, body.searchid));
      const archiveIds = repos.searches
        .archives(search.id)
        .map((a) => a.ID)
        .filter((a) => body.archive === undefined || a === body.archive);
      if (body.archive !== undefined && archiveIds.length === 0)
        throw notFound(`Archive ${body.archive} is not searched by search ${search.id}.`);
      const documents: BulkResolveResponse['Documents'] = [];
      for (const archiveId of archiveIds) {
        const archive = repos.archives.byId(archiveId);
        if (!archive || !access.canView(archive)) continue;
        const target: SearchTarget = {
          databaseId,
          search,
          archive,
          prompts: repos.searches.prompts(search.id),
          fields: repos.archives.fields(archiveId),
          permissions: access.archivePermissions(archive),
        };
        const { filter } = documentFilter(deps, target, {
          criteria: criteriaOf(body.searchcriteria),
          tabId: 0,
        });
        const count = repos.docSearch.count(filter);
        if (count === 0) continue;
        const page = repos.docSearch.page({
          ...filter,
          sort: [{ field: 'id', desc: false }],
          offset: 0,
          limit: count,
          columns: [],
        });
        for (const row of page.rows) documents.push({ ArchiveID: archiveId, DocID: row.id });
      }
      return { Documents: documents } satisfies BulkResolveResponse;
    }),
  );

  const update = { params, body: (raw: unknown) => readBulkUpdate(raw, MAX_BATCH), policy: editor };
  router.post(
    '/dbs/:db/bulk/update',
    ...route(deps, update, async ({ access, caller }, { params: p, body }) => {
      const databaseId = access.database(p.db).Id;
      // the [SQL] lists of the fields updated, read before the checks (decision 044)
      const fields = new Set(body.Updates.flatMap((u) => u.Fields.map((f) => f.FieldID)));
      const rules = [...fields].flatMap((id) => repos.fieldRules.byId(databaseId, id) ?? []);
      const results = updates.apply({
        sqlItems: await sqlListItems(repos.fieldRules, deps.listQueries, rules),
        databaseId,
        access,
        updates: body.Updates,
        overwriteSystem: body.OverwriteSystem,
        dryRun: body.DryRun,
        userName: caller.user.name,
        now: deps.clock.now(),
      });
      return { Results: results } satisfies BulkApiUpdateResponse;
    }),
  );

  const bulkImport = { params, body: (raw: unknown) => readBulkImport(raw, MAX_BATCH), policy: editor };
  router.post(
    '/dbs/:db/bulk/import',
    ...route(deps, bulkImport, async ({ access, caller }, { params: p, body }) => {
      const databaseId = access.database(p.db).Id;
      const archive = access.archive(databaseId, body.ArchiveID);
      if (!hasFlag(access.archivePermissions(archive), ArchivePermission.Add))
        throw forbidden(documentMessages.permission(archive, 'add documents'));
      return imports.run({
        sqlItems: await sqlListItems(
          repos.fieldRules,
          deps.listQueries,
          repos.fieldRules.ofArchive(archive.id),
        ),
        dataDir: deps.files.dataDir,
        cacheDir: deps.uploads.dirOf(caller.user.id),
        archive,
        request: { ...body, ArchiveID: archive.id },
        userName: caller.user.name,
        now: deps.clock.now(),
      });
    }),
  );

  return router;
}
