// Stamps placed on pages (spec §3 "Stamp"): the admin's stamp text with @Today (today's date in
// the user's format) and @User (the signed-in user) filled in when it is placed. Placed stamps are
// the document's annotations, kept by the server (contract annotations.ts): the viewer shows the
// stored set and saves the whole set again when a stamp is placed, moved or removed. A chosen stamp
// is placed where the user clicks on the page and can be dragged elsewhere (StampLayer.tsx).
import { DEFAULT_ANNOTATION_COLOR, type Annotation, type AnnotationInput } from '@gs/contract/annotations';
import { STAMP_TODAY, STAMP_USER } from '@gs/contract/viewer';
import { formatDate } from '../../lib/dateTime';

export interface PlacedStamp {
  /** the key on the page: the server's id, or a temporary one until the set is saved */
  id: string;
  /** the server's id once stored */
  serverId?: number;
  page: number;
  text: string;
  /** position on the page as fractions of its width and height */
  x: number;
  y: number;
  color: string;
}

export function fillStamp(text: string, user: string, today: Date, locale: string): string {
  const date = formatDate(today, locale);
  return text.split(STAMP_TODAY).join(date).split(STAMP_USER).join(user);
}

export const stampOf = (a: Annotation): PlacedStamp => ({
  id: String(a.Id),
  serverId: a.Id,
  page: a.Page,
  text: a.Text,
  x: a.X,
  y: a.Y,
  color: a.Color || DEFAULT_ANNOTATION_COLOR,
});

export const annotationOf = (s: PlacedStamp): AnnotationInput => ({
  ...(s.serverId === undefined ? {} : { Id: s.serverId }),
  Page: s.page,
  X: s.x,
  Y: s.y,
  Text: s.text,
  Type: 'stamp',
  Color: s.color,
});

let made = 0;

/** Positions are kept to 1/10,000 of the page: finer than a pixel, without float noise. */
const fraction = (value: number): number => Math.round(value * 10_000) / 10_000;

/** A point on the page as fractions of its width and height. */
export interface PagePoint {
  x: number;
  y: number;
}

/** A new stamp on `page` at `at` (its top left corner); without a point (placed from the keyboard),
 * below the page's others (ten to a column, then from the top again). */
export function newStamp(stamps: PlacedStamp[], page: number, text: string, at?: PagePoint): PlacedStamp {
  made += 1;
  return {
    id: `new-${Date.now()}-${made}`,
    page,
    text,
    x: fraction(at?.x ?? 0.55),
    y: fraction(at?.y ?? 0.05 + 0.08 * (stamps.filter((s) => s.page === page).length % 10)),
    color: DEFAULT_ANNOTATION_COLOR,
  };
}

const clamp = (value: number, max: number): number => Math.min(Math.max(0, value), Math.max(0, max));

/** Where a pointer at (clientX, clientY) lies on the page `sheet`, kept on the page so that a stamp
 * of `size` (fractions of the page) stays whole on it. */
export function pointOnPage(
  sheet: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  clientX: number,
  clientY: number,
  size: PagePoint = { x: 0, y: 0 },
): PagePoint {
  if (sheet.width <= 0 || sheet.height <= 0) return { x: 0, y: 0 };
  return {
    x: clamp((clientX - sheet.left) / sheet.width, 1 - size.x),
    y: clamp((clientY - sheet.top) / sheet.height, 1 - size.y),
  };
}

/** Moves stamp `id` to `at`; the others as they were. */
export const moveStamp = (stamps: PlacedStamp[], id: string, at: PagePoint): PlacedStamp[] =>
  stamps.map((s) => (s.id === id ? { ...s, x: fraction(at.x), y: fraction(at.y) } : s));
