// The world of the document file and operation route tests: documents of Invoices with real files
// in a temporary data folder (two sharing one file, one whose file is missing), a Filed archive to
// copy and move to, and a revision-controlled Policies archive with its Versions archive.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { addArchive, addField, documentInserter, grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, ArchiveFlags, FieldProp, FieldType } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { secureId } from '../security/repos/secureIds';
import { API, basic, makeSeededWorldApp, type TestApp, type World } from './testApp';

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n% a test file\n0123456789abcdefghijklmnopqrstuvwxyz\n%%EOF\n',
);
export const TEXT_BYTES = Buffer.from('plain text document\n');

export interface DocOpsWorld {
  dataDir: string;
  tags: number;
  filed: number;
  policies: number;
  versions: number;
  /** Invoices: docA and shared use files/1/inv/a.pdf, docC files/1/inv/c.txt, missing has no file */
  docA: number;
  shared: number;
  docC: number;
  missing: number;
  /** Policies: the head (version 3), Versions: versions 1 and 2 */
  head: number;
  v1: number;
  v2: number;
}

export type DocOpsTestApp = TestApp & { w: World; d: DocOpsWorld };

function writeFile(dataDir: string, path: string, bytes: Buffer): void {
  const file = join(dataDir, 'files', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

const filePaths = (w: World) => ({ pdf: `${w.alpha}/inv/a.pdf`, text: `${w.alpha}/inv/c.txt` });

/** The world's rows, seeded once per worker (makeSeededWorldApp); the files are each test's. */
function seedRows(db: Db, w: World): Omit<DocOpsWorld, 'dataDir'> {
  const tags = addField(db, w.alpha, { name: 'Tags', type: FieldType.Character, prop: FieldProp.MultiValue });
  const fields = [w.vendor, w.amount, tags];
  const filed = addArchive(db, w.alpha, { name: 'Filed', fieldIds: fields });
  const policies = addArchive(db, w.alpha, {
    name: 'Policies',
    flags: ArchiveFlags.RevisionControl,
    fieldIds: fields,
  });
  const versions = addArchive(db, w.alpha, {
    name: 'Versions',
    parentId: policies,
    flags: ArchiveFlags.VersionsArchive,
    fieldIds: fields,
  });
  for (const a of [filed, policies, versions]) grantArchive(db, a, w.full, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, filed, w.web, 1 | 2);
  grantArchive(db, filed, w.reader, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, policies, w.web, 1);
  const { pdf, text } = filePaths(w);
  const insert = documentInserter(db, w.alpha, fields);
  const base = {
    archiveId: w.invoices,
    fileType: '.pdf',
    fileSize: PDF_BYTES.length,
    pageCount: 1,
    createdAt: 0,
  };
  const docA = insert({
    ...base,
    filePath: pdf,
    values: { [w.vendor]: 'Acme', [w.amount]: 12.5 },
    multiValues: { [tags]: ['red', 'blue'] },
    text: 'the quick brown fox',
  });
  const shared = insert({ ...base, filePath: pdf, values: { [w.vendor]: 'Shared' } });
  const docC = insert({ ...base, filePath: text, fileType: '.txt', values: {} });
  const missing = insert({ ...base, filePath: `${w.alpha}/inv/gone.pdf`, values: {} });
  const head = insert({ ...base, archiveId: policies, filePath: pdf, version: 3, values: {} });
  const old = { ...base, archiveId: versions, filePath: pdf, rootVersionId: head, values: {} };
  const v2 = insert({ ...old, version: 2 });
  const v1 = insert({ ...old, version: 1 });
  return { tags, filed, policies, versions, docA, shared, docC, missing, head, v1, v2 };
}

export function makeDocOpsApp(): DocOpsTestApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-docops-'));
  const { seeded, ...t } = makeSeededWorldApp(seedRows, { files: { dataDir } });
  const { pdf, text } = filePaths(t.w);
  writeFile(dataDir, pdf, PDF_BYTES);
  writeFile(dataDir, text, TEXT_BYTES);
  return { ...t, d: { dataDir, ...seeded } };
}

export const docHash = (t: DocOpsTestApp, doc: number): string => secureId(t.secret, 'doc', t.w.alpha, doc);

/** GET `dbs/{alpha}/archives/{archive}/documents/{doc}/{suffix}` as `user` with the doc's SecureId. */
export const docCall = (
  t: DocOpsTestApp,
  user: string,
  archive: number,
  doc: number,
  suffix: string,
  params: Record<string, string | number> = {},
) =>
  request(t.app)
    .get(`${API}dbs/${t.w.alpha}/archives/${archive}/documents/${doc}/${suffix}`)
    .query({ SecureId: docHash(t, doc), ...params })
    .set('Authorization', basic(user));
