// Mail server settings as the administration API reads and writes them (wire §2.8
// `{Auth:{User,Password},Port,Server}`). The password is write-only (decision 017): it is answered
// as '', and a PUT without one (or with '') keeps the stored one unless the user name is cleared.
import { z } from 'zod';
import type { AdminMailServer } from '@gs/contract/admin/catalog';
import type { MailServerRow } from '../repos/mailServersRepo';
import { badRequest } from '../../domain/errors';
import { opt, parseBody, textValue } from '../../adminCatalog/services/adminInput';

export const DEFAULT_MAIL: MailServerRow = { server: '', port: 25, userName: '', password: '' };

const schema = z.object({
  server: opt(textValue),
  port: opt(z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])),
  auth: opt(z.object({ user: opt(textValue), password: opt(textValue) })),
});

export const toAdminMail = (row: MailServerRow): AdminMailServer => ({
  Server: row.server,
  Port: row.port,
  Auth: { User: row.userName, Password: '' },
});

export function readMailBody(body: unknown, current: MailServerRow): MailServerRow {
  const input = parseBody(schema, body, 'mail server');
  const port = input.port ?? current.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw badRequest(`The port ${port} is not between 1 and 65535.`);
  const server = (input.server ?? current.server).trim();
  if (/\s/.test(server)) throw badRequest(`The mail server '${server}' is not a host name.`);
  const userName = (input.auth?.user ?? current.userName).trim();
  const given = input.auth?.password;
  const password = !userName ? '' : given ? given : current.password;
  return { server, port, userName, password };
}
