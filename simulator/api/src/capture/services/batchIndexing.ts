// Indexing a captured document (decision 028): the batch's own file is imported into the portal's
// archive with the import body's values, checked as `POST dbs/{db}/archives/{a}` checks them
// (documents/routes/importDocuments.ts); the batch marks its document inside the same transaction, and the
// capture file goes once the document owns its copy. A read-only licence cannot index. The new
// document's text (a scan's printed words, a PDF's text layer) is read after the commit, as an
// import's is (pdf/pdfTextJobs.ts, decision 040).
import { LicenseType } from '@gs/contract/flags';
import { ImportErrorCode } from '@gs/contract/upload';
import type { RouteDeps } from '../../deps';
import type { PortalRow } from '../repos/batchesRepo';
import { notFound } from '../../domain/errors';
import { parseImportBody } from '../../lib/importBody';
import { listsOfSent } from '../../lists/services/sqlListItems';
import { importDocuments, type ImportedFile } from '../../documents/services/importDocuments';
import { checkImportValues, importError } from '../../documents/services/importValues';

export interface BatchIndexRequest {
  portal: PortalRow;
  body: unknown;
  userName: string;
  licenseType: number;
  /** the capture file of the document */
  source: string;
  afterInsert: (documentId: number) => void;
  /** after the commit, with the new document's file: its text is read for content search */
  imported?: (docs: ImportedFile[]) => void;
}

export async function indexBatchDocument(deps: RouteDeps, r: BatchIndexRequest): Promise<number> {
  if (r.licenseType === LicenseType.ReadOnly)
    throw importError(
      'forbidden',
      ImportErrorCode.Permissions,
      'A read-only license cannot import documents.',
    );
  const archive = deps.repos.archives.byId(r.portal.archiveId);
  if (!archive || archive.databaseId !== r.portal.databaseId)
    throw notFound(`Archive ${r.portal.archiveId} of portal '${r.portal.name}' was not found.`);
  // the body is the archive import's; its files are the viewer's copy, the batch's file is imported
  const body = parseImportBody(r.body);
  const rules = deps.repos.fieldRules.ofArchive(archive.id);
  const lists = await listsOfSent(deps.repos.fieldRules, deps.listQueries, rules, body.fields);
  const writes = checkImportValues(rules, body.fields, lists);
  const [id] = await importDocuments(deps.repos, {
    dataDir: deps.files.dataDir,
    archive,
    rules,
    writes,
    files: [{ source: r.source, name: r.source }],
    userName: r.userName,
    now: deps.clock.now(),
    afterInsert: r.afterInsert,
    imported: r.imported,
  });
  return id ?? 0;
}
