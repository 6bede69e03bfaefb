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
import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { AdminFeature, MULTIPLE_DATABASES_NOT_LICENSED } from '@gs/contract/admin';
import {
  ImportAccountType,
  PACKAGE_EXTENSION,
  type ImportUser,
  type PackageRejected,
} from '@gs/contract/admin/packages';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { callerOf } from '../../http/auth';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { query, queryBool, queryInt } from '../../http/query';
import { messages } from '../../security/services/access';
import { requireAdminAll, requireDbAdmin } from '../../security/services/adminRights';
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

const memory = multer({
  storage: multer.memoryStorage(),
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_CSV_BYTES, files: 1 },
}).any();

/** Multer streaming the one file into `dir` as `name` (removed by multer if the upload fails). */
const toDisk = (dir: string, name: string) =>
  multer({
    storage: multer.diskStorage({ destination: dir, filename: (_req, _file, done) => done(null, name) }),
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_PACKAGE_BYTES, files: 1 },
  }).any();

/** The one file of a multipart request (multer's errors as 400/413 with a Message). */
const oneFile = (
  req: Request,
  res: Response,
  upload: RequestHandler,
  tooLarge: string,
): Promise<Express.Multer.File> =>
  new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) return reject(badRequest(packageMessages.notMultipart));
    void upload(req, res, (err: unknown) => {
      const files = Array.isArray(req.files) ? req.files : [];
      if (err instanceof multer.MulterError)
        return reject(
          err.code === 'LIMIT_FILE_SIZE'
            ? new HttpError(413, { Message: tooLarge })
            : badRequest(`The upload was refused: ${err.message}.`),
        );
      if (err)
        return reject(
          badRequest(`The upload could not be read: ${err instanceof Error ? err.message : String(err)}`),
        );
      const [file] = files;
      if (files.length !== 1 || !file) {
        void Promise.all(files.map((f) => f.path && rm(f.path, { force: true })));
        return reject(badRequest(packageMessages.oneFile));
      }
      resolve(file);
    });
  });

export function createAdminPackagesRouter(deps: RouteDeps, db: Db): Router {
  const { auth, repos, clock, files } = deps;
  const jobs = createImportJobs(db, clock, files.dataDir);
  const router = Router();

  const importer = (res: Response) => {
    requireAdminAll(deps, callerOf(res), true);
    return callerOf(res).user;
  };
  const stagedOf = async (user: number) => {
    const s = await jobs.staged(user);
    if (!s) throw notFound(packageMessages.noPackage);
    return s;
  };
  /** DatabaseID of the query: 0 (a new database) or one that exists. */
  const targetOf = (req: Request): number => {
    const id = queryInt(req, 'DatabaseID') ?? 0;
    if (id < 0) throw badRequest('DatabaseID must be 0 (a new database) or a database id.');
    if (id > 0 && !repos.databases.byId(id)) throw notFound(messages.database(id));
    return id;
  };

  router.get('/admin/importdatabase', auth.requireAuth, async (req, res) => {
    const user = importer(res);
    const { pkg } = await stagedOf(user.id);
    const id = targetOf(req);
    const name = id ? (repos.databases.byId(id)?.Name ?? '') : '';
    res.json(templateTree(db, pkg, id, name));
  });

  router.get('/admin/FullAdminPackage', auth.requireAuth, async (_req, res) => {
    const user = importer(res);
    const info = await jobs.info(user.id);
    if (!info) throw notFound(packageMessages.noPackage);
    res.json(info);
  });

  const uploadPackage: RequestHandler = async (req, res) => {
    const user = importer(res);
    const target = jobs.uploadTarget(user.id);
    const file = await oneFile(req, res, toDisk(target.dir, target.name), packageMessages.tooLarge);
    const name = file.originalname;
    if (!name.toLowerCase().endsWith(PACKAGE_EXTENSION)) {
      await rm(file.path, { force: true });
      throw badRequest(packageMessages.notPackageName(name));
    }
    try {
      res.json(await jobs.stage(user.id, file.path, name));
    } catch (e) {
      if (!(e instanceof PackageError)) throw e;
      const message = `The package ${name} is corrupted: ${e.message}`;
      const body: PackageRejected = {
        Message: message,
        LogId: jobs.rejected(user.id, name, user.name, message),
      };
      res.status(400).json(body);
    }
  };

  const userCsv = async (req: Request, res: Response): Promise<void> => {
    importer(res);
    const file = await oneFile(req, res, memory, `The file is larger than ${MAX_CSV_BYTES} bytes.`);
    const rows = parseUserCsv(file.buffer.toString('utf8'));
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
    res.json(users.filter((u) => u.Name !== ''));
  };

  const licensedForAnother = (): boolean => {
    const count = Number(repos.settings.get(`feature.${AdminFeature.MultiDatabase}`));
    return Number.isSafeInteger(count) && count > 0;
  };

  router.post('/admin/FullAdminDatabaseImport', auth.requireAuth, async (req, res) => {
    const user = importer(res);
    if (query(req, 'FileName') !== undefined) return userCsv(req, res);
    if (queryBool(req, 'UserList')) {
      const { users, groups } = packagePrincipals(db, (await stagedOf(user.id)).pkg);
      res.json([...users, ...groups]);
      return;
    }
    if (query(req, 'DatabaseID') === undefined) return uploadPackage(req, res, () => undefined);
    const id = targetOf(req);
    const staged = await stagedOf(user.id);
    const choices = readChoices(db, staged.pkg, id, req.body);
    if (id === 0 && !licensedForAnother()) throw forbidden(MULTIPLE_DATABASES_NOT_LICENSED);
    res.json(await jobs.start(staged, user.id, user.name, choices));
  });

  router.get('/admin/FullAdminLog', auth.requireAuth, (req, res) => {
    importer(res);
    const guid = query(req, 'Guid');
    const logId = query(req, 'logId');
    if (guid !== undefined) {
      const log = jobs.logFile(query(req, 'DatabaseName') ?? '', guid);
      if (!log) throw notFound(packageMessages.noLog(guid));
      res.attachment(`import-${log.DatabaseName || 'package'}-${log.Guid}.log`.replace(/[^\w.-]/g, '_'));
      res.type('text/plain').send(log.LogText);
      return;
    }
    if (logId === undefined) {
      res.json(jobs.history());
      return;
    }
    const log = jobs.log(logId);
    if (!log) throw notFound(packageMessages.noLog(logId));
    res.json(log);
  });

  router.delete('/admin/FullAdminLog', auth.requireAuth, (req, res) => {
    importer(res);
    const logId = query(req, 'logId');
    const deleted = jobs.remove(logId);
    if (logId !== undefined && deleted === 0) throw notFound(packageMessages.noLog(logId));
    res.json({ Deleted: deleted });
  });

  router.get('/admin/FullAdminDatabaseExport', auth.requireAuth, async (req, res) => {
    const id = queryInt(req, 'DatabaseID');
    if (id === undefined || id <= 0) throw badRequest('DatabaseID must name a database.');
    requireDbAdmin(deps, callerOf(res), id);
    const row = repos.databases.byId(id);
    if (!row) throw notFound(messages.database(id));
    const acronym = query(req, 'Acronym') ?? '';
    if (!ACRONYM.test(acronym)) throw badRequest(packageMessages.badAcronym);
    const entries = await buildPackage(db, {
      databaseId: id,
      acronym,
      exportedBy: callerOf(res).user.name,
      now: clock.now(),
      dataDir: files.dataDir,
    });
    res.attachment(`${acronym}.${PACKAGE_EXTENSION}`);
    res.type('application/zip');
    await writePackage(entries, res);
  });

  return router;
}
