// The database import wizard's API and the package export (admin-spec §7; issue 16; which call
// answers what is our design, decision 031): under admin/,
// - POST FullAdminDatabaseImport, multipart with one file ending in `gs`: stream it to disk, check
//   the package and stage it for the caller (packageStaging.ts, decision 042) → PackageInfo; a
//   file that is no package → 400 with the LogId of a Failed log saying why;
// - POST FullAdminDatabaseImport?FileName=x.csv, multipart: a user CSV (Name, Password, Email,
//   License) → ImportUser[];
// - POST FullAdminDatabaseImport?UserList=true → the package's users and groups (ImportUser[]);
// - POST FullAdminDatabaseImport?DatabaseID=n (0: a new database), the template tree as the body
//   → ImportStarted; the import runs as a job, GET FullAdminLog?logId= follows it;
// - GET FullAdminPackage, GET importdatabase?DatabaseID= (the template tree);
// - GET FullAdminLog (history) / ?logId= / ?DatabaseName=&Guid= (the log as a text file);
//   DELETE FullAdminLog[?logId=];
// - GET FullAdminDatabaseExport?DatabaseID=&Acronym= streams the database as `<Acronym>.gs`.
// Imports need an administrator of all databases who may write; the export an administrator of
// the database. Users and groups created go through the same names rules as user administration.
import { rm } from 'node:fs/promises';
import { Router } from 'express';
import { AdminFeature, MULTIPLE_DATABASES_NOT_LICENSED } from '@gs/contract/admin';
import {
  ImportAccountType,
  PACKAGE_EXTENSION,
  type ImportUser,
  type PackageRejected,
} from '@gs/contract/admin/packages';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import type { FileAnswer } from '../../domain/answers';
import { allWriter } from '../../http/adminPolicies';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import type { MultipartOptions, UploadedPart } from '../../http/multipartBody';
import { boolOf, intOf } from '../../http/query';
import {
  present,
  queryLookup,
  route,
  signedIn,
  streamedBody,
  withStatus,
  type BodyCall,
} from '../../http/route';
import type { Lookup } from '../../lib/keys';
import { messages } from '../../security/services/access';
import { requireDbAdmin } from '../../security/services/adminRights';
import { createImportJobs } from '../services/importJobs';
import { packagePrincipals, readChoices, templateTree } from '../services/importTree';
import { buildPackage, writePackage } from '../services/packageExport';
import { PackageError } from '../services/packageReader';
import { parseUserCsv } from '../../security/services/userImport';

/** The largest package an upload may carry (it streams to disk; decision 042). */
export const MAX_PACKAGE_BYTES = 16 * 1024 * 1024 * 1024;
/** The largest user CSV (it is read in memory). */
export const MAX_CSV_BYTES = 64 * 1024 * 1024;
const ACRONYM = /^[A-Za-z0-9_-]{1,16}$/;

export const packageMessages = {
  noPackage: 'No package has been uploaded; upload a .gs package first.',
  notPackageName: (name: string) => `'${name}' is not a package: its name must end in ${PACKAGE_EXTENSION}.`,
  oneFile: 'Send exactly one file.',
  notMultipart: 'The request must be multipart/form-data with the file.',
  badAcronym: 'The acronym must be 1 to 16 letters, digits, _ or -.',
  noLog: (id: string) => `There is no import log ${id}.`,
  tooLarge: `The package is larger than ${MAX_PACKAGE_BYTES} bytes.`,
};

/** A user CSV, read in memory. */
const csvUpload = (refusal: MultipartOptions['refusal']): MultipartOptions => ({
  storage: 'memory',
  fileSize: MAX_CSV_BYTES,
  files: 1,
  refusal,
});

/** The package streamed into `dir` as `name` (removed by multer if the upload fails). */
const packageUpload = (
  dir: string,
  name: string,
  refusal: MultipartOptions['refusal'],
): MultipartOptions => ({
  storage: { dir, name: () => name },
  fileSize: MAX_PACKAGE_BYTES,
  files: 1,
  refusal,
});

/** multer's failures as 400/413 with a Message. */
const refusalOf =
  (tooLarge: string): MultipartOptions['refusal'] =>
  (failure) => {
    if (failure.kind === 'tooLarge') return new HttpError(413, { Message: tooLarge });
    if (failure.kind === 'limit') return badRequest(`The upload was refused: ${failure.message}.`);
    const err = failure.error;
    return badRequest(`The upload could not be read: ${err instanceof Error ? err.message : String(err)}`);
  };

/** The one file of a multipart body (400 unless it is multipart with exactly one file). */
async function oneFile(body: BodyCall, options: () => MultipartOptions): Promise<UploadedPart> {
  if (!body.is('multipart/form-data')) throw badRequest(packageMessages.notMultipart);
  const files = await body.multipart(options());
  const [file] = files;
  if (files.length !== 1 || !file) {
    await Promise.all(files.map((f) => f.path && rm(f.path, { force: true })));
    throw badRequest(packageMessages.oneFile);
  }
  return file;
}

/** What `POST FullAdminDatabaseImport` carries, by its query. */
type ImportBody =
  | { kind: 'csv'; file: UploadedPart }
  | { kind: 'userList' }
  | { kind: 'package'; file: UploadedPart }
  | { kind: 'choices'; json: unknown };

export function createAdminPackagesRouter(deps: RouteDeps, db: Db): Router {
  const { repos, clock, files } = deps;
  const jobs = createImportJobs(db, clock, files.dataDir);
  const router = Router();

  const stagedOf = async (user: number) => {
    const s = await jobs.staged(user);
    if (!s) throw notFound(packageMessages.noPackage);
    return s;
  };
  /** DatabaseID of the query: 0 (a new database) or one that exists. */
  const targetOf = (query: Lookup): number => {
    const id = intOf(query, 'DatabaseID') ?? 0;
    if (id < 0) throw badRequest('DatabaseID must be 0 (a new database) or a database id.');
    if (id > 0 && !repos.databases.byId(id)) throw notFound(messages.database(id));
    return id;
  };
  // imports need an administrator of all databases who may write
  const importer = { policy: allWriter, query: queryLookup };

  router.get(
    '/admin/importdatabase',
    ...route(deps, importer, async ({ caller }, { query }) => {
      const { pkg } = await stagedOf(caller.user.id);
      const id = targetOf(query);
      const name = id ? (repos.databases.byId(id)?.Name ?? '') : '';
      return templateTree(db, pkg, id, name);
    }),
  );

  router.get(
    '/admin/FullAdminPackage',
    ...route(deps, { policy: allWriter }, async ({ caller }) => {
      const info = await jobs.info(caller.user.id);
      if (!info) throw notFound(packageMessages.noPackage);
      return info;
    }),
  );

  /** the body by the query: a user CSV, nothing, a package streamed to disk, or the choices' JSON */
  const importBody = streamedBody<ImportBody, unknown, Lookup>(async (body, { caller }, { query }) => {
    if (query('FileName') !== undefined)
      return {
        kind: 'csv',
        file: await oneFile(body, () =>
          csvUpload(refusalOf(`The file is larger than ${MAX_CSV_BYTES} bytes.`)),
        ),
      };
    if (boolOf(query, 'UserList')) return { kind: 'userList' };
    if (query('DatabaseID') !== undefined) return { kind: 'choices', json: body.json };
    const target = jobs.uploadTarget(caller.user.id);
    const file = await oneFile(body, () =>
      packageUpload(target.dir, target.name, refusalOf(packageMessages.tooLarge)),
    );
    return { kind: 'package', file };
  });

  const userCsv = (file: UploadedPart): ImportUser[] => {
    const rows = parseUserCsv((file.bytes ?? Buffer.alloc(0)).toString('utf8'));
    const users: ImportUser[] = rows.map((r) => ({
      Name: r.name.trim(),
      Password: r.password,
      Email: r.email.trim(),
      License: Number(r.license) || 2,
      Type: ImportAccountType.User,
      SecurityLevel: -1,
      SecurityList: [],
      Users: [],
      Exists: db.prepare(`SELECT 1 FROM users WHERE name = ?`).get(r.name.trim()) !== undefined,
    }));
    return users.filter((u) => u.Name !== '');
  };

  const stagePackage = async (user: { id: number; name: string }, file: UploadedPart): Promise<unknown> => {
    const name = file.originalName;
    if (!name.toLowerCase().endsWith(PACKAGE_EXTENSION)) {
      await rm(file.path, { force: true });
      throw badRequest(packageMessages.notPackageName(name));
    }
    try {
      return await jobs.stage(user.id, file.path, name);
    } catch (e) {
      if (!(e instanceof PackageError)) throw e;
      const message = `The package ${name} is corrupted: ${e.message}`;
      const body: PackageRejected = {
        Message: message,
        LogId: jobs.rejected(user.id, name, user.name, message),
      };
      return withStatus(400, body);
    }
  };

  const licensedForAnother = (): boolean => {
    const count = Number(repos.settings.get(`feature.${AdminFeature.MultiDatabase}`));
    return Number.isSafeInteger(count) && count > 0;
  };

  router.post(
    '/admin/FullAdminDatabaseImport',
    ...route(deps, { ...importer, body: importBody }, async ({ caller: { user } }, { query, body }) => {
      if (body.kind === 'csv') return userCsv(body.file);
      if (body.kind === 'userList') {
        const { users, groups } = packagePrincipals(db, (await stagedOf(user.id)).pkg);
        return [...users, ...groups];
      }
      if (body.kind === 'package') return stagePackage(user, body.file);
      const id = targetOf(query);
      const staged = await stagedOf(user.id);
      const choices = readChoices(db, staged.pkg, id, body.json);
      if (id === 0 && !licensedForAnother()) throw forbidden(MULTIPLE_DATABASES_NOT_LICENSED);
      return jobs.start(staged, user.id, user.name, choices);
    }),
  );

  router.get(
    '/admin/FullAdminLog',
    ...route(deps, importer, (_ctx, { query }) => {
      const guid = query('Guid');
      const logId = query('logId');
      if (guid !== undefined) {
        const log = jobs.logFile(query('DatabaseName') ?? '', guid);
        if (!log) throw notFound(packageMessages.noLog(guid));
        const fileName = `import-${log.DatabaseName || 'package'}-${log.Guid}.log`.replace(/[^\w.-]/g, '_');
        return present((_req, res) => void res.attachment(fileName).type('text/plain').send(log.LogText));
      }
      if (logId === undefined) return jobs.history();
      const log = jobs.log(logId);
      if (!log) throw notFound(packageMessages.noLog(logId));
      return log;
    }),
  );

  router.delete(
    '/admin/FullAdminLog',
    ...route(deps, importer, (_ctx, { query }) => {
      const logId = query('logId');
      const deleted = jobs.remove(logId);
      if (logId !== undefined && deleted === 0) throw notFound(packageMessages.noLog(logId));
      return { Deleted: deleted };
    }),
  );

  // the export needs an administrator of the database, named by the query (read first)
  router.get(
    '/admin/FullAdminDatabaseExport',
    ...route(deps, { policy: signedIn, query: queryLookup }, async ({ caller }, { query }) => {
      const id = intOf(query, 'DatabaseID');
      if (id === undefined || id <= 0) throw badRequest('DatabaseID must name a database.');
      requireDbAdmin(deps, caller, id);
      const row = repos.databases.byId(id);
      if (!row) throw notFound(messages.database(id));
      const acronym = query('Acronym') ?? '';
      if (!ACRONYM.test(acronym)) throw badRequest(packageMessages.badAcronym);
      const entries = await buildPackage(db, {
        databaseId: id,
        acronym,
        exportedBy: caller.user.name,
        now: clock.now(),
        dataDir: files.dataDir,
      });
      const zip: FileAnswer = {
        kind: 'file',
        source: { write: (out) => writePackage(entries, out) },
        type: 'application/zip',
        disposition: { kind: 'attachment', fileName: `${acronym}.${PACKAGE_EXTENSION}` },
      };
      return zip;
    }),
  );

  return router;
}
