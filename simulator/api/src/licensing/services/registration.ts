// The server's registration (our design; the real server asks Square 9's registration service).
// The server's unique id comes from its secret; the registration number of a serial on a server is
// the first 16 hex digits of SHA-256("<UID>|<SERIAL in upper case>"), upper case, in groups of 4.
// Web registration (POST) plays the registration service and gets that number itself; manual
// registration (PUT) must bring it (docs/decisions/019-server-administration.md).
import { createHash } from 'node:crypto';

export const PRODUCT = 'GlobalSearch';
export const UNREGISTERED = 'Unregistered';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex').toUpperCase();

/** The server's unique id, GUID-shaped, stable for its data folder. */
export function serverUid(secret: string): string {
  const h = sha256(`uid:${secret}`);
  return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20, 32)].join('-');
}

export function registrationNumber(uid: string, serial: string): string {
  const h = sha256(`${uid.toUpperCase()}|${serial.toUpperCase()}`).slice(0, 16);
  return h.match(/.{4}/g)?.join('-') ?? h;
}

/** The same number whatever its casing, spaces or dashes. */
export const sameNumber = (a: string, b: string): boolean =>
  a.replace(/[\s-]/g, '').toUpperCase() === b.replace(/[\s-]/g, '').toUpperCase();
