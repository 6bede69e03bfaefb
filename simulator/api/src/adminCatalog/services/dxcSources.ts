// Where a data-exchange source reads (our design): the simulator reaches no SQL server but its
// own, so a source is one of its databases, named either directly (UseInternal, InternalDatabase)
// or by a connection string whose server is local and whose catalogue is a database's name.
import { badRequest } from '../../domain/errors';

export const LOCAL_SERVERS = ['(local)', '.', 'localhost', '127.0.0.1', '(localdb)'];

/** `key=value;...` with ADO.NET's key names, keys lower-cased; quotes around a value removed. */
export function parseConnectionString(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase().replace(/\s+/g, ' ');
    out.set(
      key,
      part
        .slice(eq + 1)
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2'),
    );
  }
  return out;
}

const first = (m: Map<string, string>, keys: string[]): string =>
  keys.map((k) => m.get(k)).find((v) => v !== undefined) ?? '';

/** The database name a connection string reaches on this server, or 400 saying why none. */
export function catalogOf(connectionString: string): string {
  const m = parseConnectionString(connectionString);
  const server = first(m, ['data source', 'server', 'address', 'addr', 'network address']);
  // tcp:host,port and host\instance name the same machine
  const host = server.replace(/^tcp:/i, '').split(/[\\,]/)[0]?.trim().toLowerCase() ?? '';
  if (host !== '' && !LOCAL_SERVERS.includes(host))
    throw badRequest(
      `The server '${server}' cannot be reached: this server reaches only its own databases ('(local)').`,
    );
  const catalog = first(m, ['initial catalog', 'database']);
  if (!catalog) throw badRequest(`The connection string names no database ('Initial Catalog=<name>').`);
  return catalog;
}
