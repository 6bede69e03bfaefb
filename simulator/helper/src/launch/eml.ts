// Writes an RFC 822 message (multipart/mixed, base64 attachments, CRLF lines) that a mail client
// opens as a draft, the way the tray app hands documents to the user's mail program.
import { randomBytes } from 'node:crypto';

export interface Attachment {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface EmlOptions {
  subject: string;
  text: string;
  date: Date;
  attachments: readonly Attachment[];
  /** fixed in tests; random otherwise */
  boundary?: string;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** RFC 5322 date in UTC: `Thu, 01 Jan 2026 09:30:00 +0000`. */
export function mailDate(d: Date): string {
  const day = `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

/** RFC 2047 encoded-word for non-ASCII header text. */
const headerText = (s: string): string =>
  /^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`;

const quoted = (s: string): string => `"${headerText(s).replace(/["\\]/g, '_')}"`;

const base64Lines = (bytes: Uint8Array): string =>
  (
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

export function buildEml(o: EmlOptions): string {
  const boundary = o.boundary ?? `----=_GS_${randomBytes(12).toString('hex')}`;
  const head = [
    'From: GlobalSearch Extensions <extensions@localhost>',
    `Subject: ${headerText(o.subject)}`,
    `Date: ${mailDate(o.date)}`,
    `Message-ID: <${o.date.getTime()}.${randomBytes(6).toString('hex')}@globalsearch-extensions>`,
    'MIME-Version: 1.0',
    'X-Unsent: 1',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    'This is a multi-part message in MIME format.',
  ];
  const parts = [
    [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(Buffer.from(o.text, 'utf8')),
    ],
    ...o.attachments.map((a) => [
      `--${boundary}`,
      `Content-Type: ${a.contentType}; name=${quoted(a.filename)}`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename=${quoted(a.filename)}`,
      '',
      base64Lines(a.bytes),
    ]),
  ];
  return [...head, ...parts.flat(), `--${boundary}--`, ''].join('\r\n');
}
