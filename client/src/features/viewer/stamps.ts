// Stamps placed on pages (spec §3 "Stamp"): the admin's stamp text with @Today (today's date in
// the user's format) and @User (the signed-in user) filled in when it is placed. The server keeps
// no annotations, so placed stamps are an overlay kept in this browser per document.
import { STAMP_TODAY, STAMP_USER } from '@gs/contract/viewer';
import { readLocal, writeLocal } from '../../lib/storage';

export interface PlacedStamp {
  id: string;
  page: number;
  text: string;
  /** position on the page as fractions of its width and height */
  x: number;
  y: number;
}

export function fillStamp(text: string, user: string, today: Date, locale: string): string {
  const date = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    today,
  );
  return text.split(STAMP_TODAY).join(date).split(STAMP_USER).join(user);
}

const keyOf = (db: number, doc: number): string => `viewerStamps:${db}:${doc}`;

const isPlaced = (v: unknown): v is PlacedStamp =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PlacedStamp).text === 'string' &&
  typeof (v as PlacedStamp).page === 'number';

export function readStamps(db: number, doc: number): PlacedStamp[] {
  try {
    const parsed: unknown = JSON.parse(readLocal(keyOf(db, doc)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPlaced) : [];
  } catch {
    return [];
  }
}

export const writeStamps = (db: number, doc: number, stamps: PlacedStamp[]): void =>
  writeLocal(keyOf(db, doc), JSON.stringify(stamps));
