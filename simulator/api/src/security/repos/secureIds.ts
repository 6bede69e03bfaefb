// Secure ids (the `Hash` of documents and searches): opaque strings the client must echo back.
// They are an HMAC of the object's identity under the server's secret, so they cannot be guessed
// and need no storage; the secret lives in the settings table (created by the seed).
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';

export type SecureKind = 'doc' | 'search' | 'archive' | 'inbox';

export function secureId(secret: string, kind: SecureKind, dbId: number, id: number): string {
  return createHmac('sha256', secret).update(`${kind}:${dbId}:${id}`).digest('base64url').slice(0, 32);
}

/**
 * A user's licence seat's opaque id where a page lists seats without handing out their tokens
 * (the trainer page, decisions 045, 056): an HMAC of the user's id under the server secret, as
 * secure ids are. The same while the user holds the seat, whichever tokens come and go.
 */
export function seatId(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`seat:${userId}`).digest('base64url').slice(0, 32);
}

/** The server secret, created on first use. */
export function serverSecret(db: Db): string {
  const row = db.prepare(`SELECT value FROM settings WHERE key = 'secret'`).get() as
    { value: string } | undefined;
  if (row) return row.value;
  const value = randomBytes(24).toString('hex');
  db.prepare(`INSERT INTO settings(key, value) VALUES ('secret', ?)`).run(value);
  return value;
}
