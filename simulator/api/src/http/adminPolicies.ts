// route() policies of the administration of one database (decision 063): the path's `:db`, whose
// administrator the caller must be (403) and which must exist (404); a change also needs a licence
// that writes (403, checked first). They answer the database's id.
import { z } from 'zod';
import { int32Value } from '../lib/zodInput';
import { dbAdminOf, dbAdminWriterOf, requireAdminAll } from '../security/services/adminRights';
import { requireUserAdministrator } from '../security/services/userAdmin';
import type { Policy } from './route';

export const inDatabase = z.object({ db: int32Value('db') });

/** `:db` and one more id of the path, `:id` unless named. */
export const inDatabaseWith = <K extends string>(name: K) =>
  z
    .object({ db: int32Value('db') })
    .extend({ [name]: int32Value(name) } as Record<K, ReturnType<typeof int32Value>>);

export const dbReader: Policy<{ db: number }, number> = ({ deps, caller }, p) =>
  dbAdminOf(deps, caller, p.db);

export const dbWriter: Policy<{ db: number }, number> = ({ deps, caller }, p) =>
  dbAdminWriterOf(deps, caller, p.db);

/** An administrator of every database (403), reading. */
export const allReader: Policy<unknown> = ({ deps, caller }) => void requireAdminAll(deps, caller, false);

/** An administrator of every database whose licence writes (403), changing. */
export const allWriter: Policy<unknown> = ({ deps, caller }) => void requireAdminAll(deps, caller, true);

/** A user administrator (or administrator of every database) (403), reading. */
export const userAdminReader: Policy<unknown> = ({ deps, caller }) =>
  void requireUserAdministrator(deps, caller);

/** A user administrator whose licence writes (403), changing. */
export const userAdminWriter: Policy<unknown> = ({ deps, caller }) =>
  void requireUserAdministrator(deps, caller, true);
