// Databases as the administration API reads and writes them (wire §2.8 AdminDatabase, admin-spec
// §5): names keep letters, digits, _ - and ` ! ^ ( ) + = { } [ ; $ , . (the rest is stripped) and
// must not be empty or taken; an SQL login needs a user; a password sent with a confirmation must
// equal it. The password is never stored: the simulator keeps documents in its own SQLite and
// has no SQL server to sign in to (decision 017).
import { z } from 'zod';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import type { AdminDatabaseRow, DatabaseSpec } from '../repos/adminDatabasesRepo';
import { badRequest } from '../../domain/errors';
import { opt, parseBody, textValue } from './adminInput';

const NAME_STRIP = /[^\p{L}\p{N}_\-`!^()+={}[;$,.]/gu;
export const MAX_DATABASE_NAME = 128;

/** The name with every character the spec does not allow removed. */
export const stripDatabaseName = (name: string): string => name.replace(NAME_STRIP, '');

export const DEFAULT_SERVER = '(local)';

const schema = z.object({
  name: opt(textValue),
  server: opt(textValue),
  auth: opt(
    z.object({
      type: opt(
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.enum(['windows', 'sql'])),
      ),
      user: opt(textValue),
      pass: opt(textValue),
      confirm: opt(textValue),
    }),
  ),
});

export function toAdminDatabase(row: AdminDatabaseRow): AdminDatabase {
  return {
    Id: row.id,
    Name: row.name,
    Server: row.server,
    Auth: { Type: row.authType === 'sql' ? 'sql' : 'windows', User: row.authUser, Pass: '' },
  };
}

/**
 * The database a POST (no `current`) or PUT body describes, keys absent keeping the current
 * values; `taken` says whether another database already has a name.
 */
export function readDatabaseBody(
  body: unknown,
  current: DatabaseSpec | undefined,
  taken: (name: string) => boolean,
): DatabaseSpec {
  const input = parseBody(schema, body, 'database');
  const name = input.name === undefined ? current?.name : stripDatabaseName(input.name);
  if (!name)
    throw badRequest('The database name is required (letters, digits and _ - ` ! ^ ( ) + = { } [ ; $ , .).');
  if (name.length > MAX_DATABASE_NAME)
    throw badRequest(`The database name is longer than ${MAX_DATABASE_NAME} characters.`);
  if (name.toLowerCase() !== current?.name.toLowerCase() && taken(name))
    throw badRequest(`A database named '${name}' already exists.`);
  const authType = input.auth?.type ?? current?.authType ?? 'windows';
  const authUser = (authType === 'sql' ? (input.auth?.user ?? current?.authUser ?? '') : '').trim();
  if (authType === 'sql' && !authUser) throw badRequest('An SQL login needs a user name.');
  const { pass, confirm } = input.auth ?? {};
  if (confirm !== undefined && confirm !== (pass ?? ''))
    throw badRequest('The password and its confirmation differ.');
  const server = (input.server ?? current?.server ?? DEFAULT_SERVER).trim() || DEFAULT_SERVER;
  return { name, server, authType, authUser };
}
