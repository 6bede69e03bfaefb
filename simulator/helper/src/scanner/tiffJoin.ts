// Joins single-page TIFFs (as sharp writes them, little-endian) into one multi-page TIFF in JS:
// pages are encoded in parallel in sharp's thread pool, then chained here by copying each page's
// strips and rewriting its IFD's offsets, with a PageNumber tag added, and any extra tags a page
// should carry (the scanned words, decision 030).

const TYPE_SIZE: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
};
const STRIP_OFFSETS = 273;
const STRIP_BYTE_COUNTS = 279;
const PAGE_NUMBER = 297;

export interface TiffEntry {
  tag: number;
  type: number;
  count: number;
  value: Uint8Array;
}

interface Page {
  entries: TiffEntry[];
  strips: Uint8Array[];
}

const readInts = (e: TiffEntry): number[] => {
  const dv = new DataView(e.value.buffer, e.value.byteOffset, e.value.byteLength);
  return Array.from({ length: e.count }, (_, i) =>
    e.type === 3 ? dv.getUint16(i * 2, true) : dv.getUint32(i * 4, true),
  );
};

function parsePage(tiff: Uint8Array): Page {
  const dv = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (tiff[0] !== 0x49 || tiff[1] !== 0x49 || dv.getUint16(2, true) !== 42)
    throw new Error('not a little-endian TIFF');
  const ifd = dv.getUint32(4, true);
  const entries: TiffEntry[] = [];
  for (let i = 0; i < dv.getUint16(ifd, true); i++) {
    const at = ifd + 2 + i * 12;
    const [tag, type, count] = [
      dv.getUint16(at, true),
      dv.getUint16(at + 2, true),
      dv.getUint32(at + 4, true),
    ];
    const size = (TYPE_SIZE[type] ?? 1) * count;
    const from = size <= 4 ? at + 8 : dv.getUint32(at + 8, true);
    entries.push({ tag, type, count, value: tiff.slice(from, from + size) });
  }
  const find = (tag: number): TiffEntry => {
    const entry = entries.find((e) => e.tag === tag);
    if (!entry) throw new Error(`TIFF page without tag ${tag}`);
    return entry;
  };
  const offsets = readInts(find(STRIP_OFFSETS));
  const counts = readInts(find(STRIP_BYTE_COUNTS));
  const strips = offsets.map((o, i) => tiff.subarray(o, o + (counts[i] ?? 0)));
  return { entries: entries.filter((e) => e.tag !== PAGE_NUMBER), strips };
}

const longs = (values: number[]): Uint8Array => {
  const out = new Uint8Array(values.length * 4);
  const dv = new DataView(out.buffer);
  values.forEach((v, i) => dv.setUint32(i * 4, v, true));
  return out;
};

interface Placed {
  parts: Uint8Array[];
  /** where this page's IFD starts, and the IFD itself (its next-IFD pointer is patched later) */
  ifdAt: number;
  ifd: Uint8Array;
  end: number;
}

function pageBytes(
  page: Page,
  start: number,
  index: number,
  total: number,
  extraTags: readonly TiffEntry[],
): Placed {
  const parts: Uint8Array[] = [];
  let at = start;
  const offsets: number[] = [];
  for (const strip of page.strips) {
    offsets.push(at);
    parts.push(strip);
    at += strip.length;
  }
  if (at % 2) {
    parts.push(new Uint8Array(1));
    at++;
  }
  const pageNumber = new Uint8Array([index & 255, index >> 8, total & 255, total >> 8]);
  const entries: TiffEntry[] = [
    ...page.entries.map((e) =>
      e.tag === STRIP_OFFSETS ? { tag: e.tag, type: 4, count: offsets.length, value: longs(offsets) } : e,
    ),
    { tag: PAGE_NUMBER, type: 3, count: 2, value: pageNumber },
    ...extraTags,
  ].sort((a, b) => a.tag - b.tag);
  const ifdSize = 2 + entries.length * 12 + 4;
  const ifd = new Uint8Array(ifdSize);
  const dv = new DataView(ifd.buffer);
  dv.setUint16(0, entries.length, true);
  let extra = at + ifdSize;
  const extras: Uint8Array[] = [];
  entries.forEach((e, i) => {
    const p = 2 + i * 12;
    dv.setUint16(p, e.tag, true);
    dv.setUint16(p + 2, e.type, true);
    dv.setUint32(p + 4, e.count, true);
    if (e.value.length <= 4) ifd.set(e.value, p + 8);
    else {
      dv.setUint32(p + 8, extra, true);
      const padded = e.value.length % 2 ? new Uint8Array([...e.value, 0]) : e.value;
      extras.push(padded);
      extra += padded.length;
    }
  });
  return { parts: [...parts, ifd, ...extras], ifdAt: at, ifd, end: extra };
}

/** One multi-page TIFF from single-page TIFFs, in order; `extra[i]` are more tags for page i. */
export function joinTiffs(
  pages: readonly Uint8Array[],
  extra: readonly (readonly TiffEntry[])[] = [],
): Buffer {
  if (pages.length === 0) throw new Error('no pages to join');
  const header = new Uint8Array([0x49, 0x49, 42, 0, 0, 0, 0, 0]);
  const placed: Placed[] = [];
  let at = header.length;
  pages.forEach((tiff, i) => {
    const page = pageBytes(parsePage(tiff), at, i, pages.length, extra[i] ?? []);
    placed.push(page);
    at = page.end;
  });
  new DataView(header.buffer).setUint32(4, placed[0]?.ifdAt ?? 0, true);
  placed.forEach((p, i) => {
    new DataView(p.ifd.buffer).setUint32(p.ifd.length - 4, placed[i + 1]?.ifdAt ?? 0, true);
  });
  return Buffer.concat([header, ...placed.flatMap((p) => p.parts)]);
}
