// Import: every file of the request becomes one new document with the same index values. The
// files are copied into `${dataDir}/files/{db}/{archive}/` first, then ONE transaction inserts
// the rows, values, system fields and `indexed` history entries, and only after the commit are
// the sources (cache or inbox files) removed; a failed transaction removes the copies again.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { enterBoundWorkflows } from '../../workflow/services/workflowEngine';
import type { Repos } from '../../db/repos';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { FieldRule } from '../../fields/repos/fieldRulesRepo';
import { importPageCount } from '../../files/services/fileStore';
import { systemValue, type CheckedWrite } from './importValues';

export interface ImportFile {
  /** absolute path of the source */
  source: string;
  /** the name whose extension is the file type */
  name: string;
}

export interface ImportRequest {
  dataDir: string;
  archive: ArchiveRow;
  rules: FieldRule[];
  writes: CheckedWrite[];
  files: ImportFile[];
  userName: string;
  now: number;
  /** called after the commit with the new documents' files (text extraction, pdf/pdfTextJobs.ts) */
  imported?: (docs: ImportedFile[]) => void;
  /** runs inside the import's transaction with each new document id (a batch marks its document) */
  afterInsert?: (id: number) => void;
}

export interface ImportedFile {
  docId: number;
  databaseId: number;
  /** relative to `${dataDir}/files` */
  relative: string;
  absolute: string;
  fileType: string;
}

interface Placed {
  relative: string;
  absolute: string;
  fileType: string;
  size: number;
  pages: number;
}

async function place(dataDir: string, archive: ArchiveRow, f: ImportFile): Promise<Placed> {
  const fileType = extname(f.name).toLowerCase();
  const relative = `${archive.databaseId}/${archive.id}/${randomUUID()}${fileType}`;
  const absolute = join(dataDir, 'files', ...relative.split('/'));
  await mkdir(join(absolute, '..'), { recursive: true });
  await copyFile(f.source, absolute);
  const { size } = await stat(absolute);
  return { relative, absolute, fileType, size, pages: await importPageCount(absolute) };
}

function insertAll(repos: Repos, r: ImportRequest, placed: Placed[]): number[] {
  const db = r.archive.databaseId;
  return repos.docImports.transaction(() =>
    placed.map((p) => {
      const id = repos.docImports.insert(db, {
        archiveId: r.archive.id,
        filePath: p.relative,
        fileType: p.fileType,
        fileSize: p.size,
        pageCount: p.pages,
        now: r.now,
      });
      for (const { rule, write } of r.writes)
        if (write.multi) repos.documentFields.setMulti(db, id, rule.id, write.values);
        else repos.documentFields.setValue(db, id, rule.id, write.value);
      const system = { userName: r.userName, now: r.now, pageCount: p.pages, fileType: p.fileType };
      for (const rule of r.rules) {
        const value = systemValue(rule, system);
        if (value !== undefined) repos.documentFields.setValue(db, id, rule.id, value);
      }
      repos.audit.add({
        databaseId: db,
        archiveId: r.archive.id,
        documentId: id,
        oldArchiveId: 0,
        oldDocId: 0,
        userName: r.userName,
        category: 'indexed',
        message: 'Document indexed',
        time: r.now,
        connectionString: '',
      });
      // a workflow bound to the archive takes the new document in (issue 14)
      enterBoundWorkflows(repos, {
        databaseId: db,
        archiveId: r.archive.id,
        documentId: id,
        userName: r.userName,
        now: r.now,
      });
      r.afterInsert?.(id);
      return id;
    }),
  );
}

/** The new document ids, in the order of the files. */
export async function importDocuments(repos: Repos, r: ImportRequest): Promise<number[]> {
  const placed: Placed[] = [];
  let ids: number[];
  try {
    for (const f of r.files) placed.push(await place(r.dataDir, r.archive, f));
    ids = insertAll(repos, r, placed);
  } catch (err) {
    await Promise.all(placed.map((p) => rm(p.absolute, { force: true })));
    throw err;
  }
  // committed: the documents own their copies now, the sources may go
  await Promise.all(r.files.map((f) => rm(f.source, { force: true })));
  r.imported?.(
    placed.map((p, i) => ({
      docId: ids[i] as number,
      databaseId: r.archive.databaseId,
      relative: p.relative,
      absolute: p.absolute,
      fileType: p.fileType,
    })),
  );
  return ids;
}
