// Mail server settings (wire §2.8 "Mail"): `admin/notifications` is the server's own (GET for any
// database administrator, PUT for administrators of all: our design, the reference shows only
// the GET) and `admin/databases/{db}/notifications` a database's (its administrators), which
// answers the server's settings until the database has its own. The password is write-only
// (adminServer/services/adminMail.ts). A read-only licence changes nothing; each write is one transaction.
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import { SERVER_MAIL, type MailServerRow } from '../repos/mailServersRepo';
import { notFound } from '../../domain/errors';
import { inDatabase } from '../../http/adminPolicies';
import { asSent, route, type Policy } from '../../http/route';
import { messages } from '../../security/services/access';
import { DEFAULT_MAIL, readMailBody, toAdminMail } from '../services/adminMail';
import {
  requireAdminAll,
  requireAnyDbAdmin,
  requireDbAdmin,
  requireWritable,
} from '../../security/services/adminRights';

export function createAdminMailRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const mail = repos.mailServers;
  const router = Router();

  const serverMail = (): MailServerRow => mail.get(SERVER_MAIL) ?? DEFAULT_MAIL;
  const databaseMail = (db: number): MailServerRow => mail.get(db) ?? serverMail();

  /** An administrator of `:db` (403), whose licence writes for a change (403), which exists (404). */
  const administered =
    (write: boolean): Policy<{ db: number }, number> =>
    ({ caller }, { db }) => {
      requireDbAdmin(deps, caller, db);
      if (write) requireWritable(caller);
      if (!repos.databases.byId(db)) throw notFound(messages.database(db));
      return db;
    };

  const save = (databaseId: number, body: unknown, current: MailServerRow): MailServerRow =>
    mail.transaction(() => {
      const row = readMailBody(body, current);
      mail.put(databaseId, row);
      return row;
    });

  router.get(
    '/admin/notifications',
    ...route(deps, { policy: ({ caller }) => void requireAnyDbAdmin(deps, caller) }, () =>
      toAdminMail(serverMail()),
    ),
  );

  router.put(
    '/admin/notifications',
    ...route(
      deps,
      {
        body: asSent,
        policy: ({ caller }) => {
          requireAdminAll(deps, caller);
          requireWritable(caller);
        },
      },
      (_c, { body }) => toAdminMail(save(SERVER_MAIL, body, serverMail())),
    ),
  );

  router.get(
    '/admin/databases/:db/notifications',
    ...route(deps, { params: inDatabase, policy: administered(false) }, (_c, { granted: db }) =>
      toAdminMail(databaseMail(db)),
    ),
  );

  router.put(
    '/admin/databases/:db/notifications',
    ...route(
      deps,
      { params: inDatabase, body: asSent, policy: administered(true) },
      (_c, { body, granted: db }) => toAdminMail(save(db, body, databaseMail(db))),
    ),
  );

  return router;
}
