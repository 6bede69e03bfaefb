// Mail server settings (wire §2.8 "Mail"): `admin/notifications` is the server's own (GET for any
// database administrator, PUT for administrators of all: our design, the reference shows only
// the GET) and `admin/databases/{db}/notifications` a database's (its administrators), which
// answers the server's settings until the database has its own. The password is write-only
// (services/adminMail.ts). A read-only licence changes nothing; each write is one transaction.
import { callerOf } from '../http/auth';
import { Router, type Request, type Response } from 'express';
import type { RouteDeps } from '../deps';
import { SERVER_MAIL, type MailServerRow } from '../db/mailServersRepo';
import { notFound } from '../http/errors';
import { intParam } from '../http/query';
import { messages } from '../services/access';
import { DEFAULT_MAIL, readMailBody, toAdminMail } from '../services/adminMail';
import { requireAdminAll, requireAnyDbAdmin, requireDbAdmin, requireWritable } from '../services/adminRights';

export function createAdminMailRouter(deps: RouteDeps): Router {
  const { auth, repos } = deps;
  const mail = repos.mailServers;
  const router = Router();

  const serverMail = (): MailServerRow => mail.get(SERVER_MAIL) ?? DEFAULT_MAIL;
  const databaseMail = (db: number): MailServerRow => mail.get(db) ?? serverMail();

  const administered = (req: Request, res: Response, write: boolean): number => {
    const db = intParam(req, 'db');
    requireDbAdmin(deps, callerOf(res), db);
    if (write) requireWritable(callerOf(res));
    if (!repos.databases.byId(db)) throw notFound(messages.database(db));
    return db;
  };

  const save = (databaseId: number, body: unknown, current: MailServerRow): MailServerRow =>
    mail.transaction(() => {
      const row = readMailBody(body, current);
      mail.put(databaseId, row);
      return row;
    });

  router.get('/admin/notifications', auth.requireAuth, (_req, res) => {
    requireAnyDbAdmin(deps, callerOf(res));
    res.json(toAdminMail(serverMail()));
  });

  router.put('/admin/notifications', auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res));
    requireWritable(callerOf(res));
    res.json(toAdminMail(save(SERVER_MAIL, req.body, serverMail())));
  });

  router.get('/admin/databases/:db/notifications', auth.requireAuth, (req, res) => {
    res.json(toAdminMail(databaseMail(administered(req, res, false))));
  });

  router.put('/admin/databases/:db/notifications', auth.requireAuth, (req, res) => {
    const db = administered(req, res, true);
    res.json(toAdminMail(save(db, req.body, databaseMail(db))));
  });

  return router;
}
