// A glyph cache for scanned pages: each (face, pixel size) is drawn once through SVG and sharp
// (DejaVu fonts, as the fixtures' TIFF renderer draws them), cut into one trimmed bitmap per
// character, and afterwards blitted in JS. Drawing every page as SVG costs ≈200 ms a page; a
// blitted page costs a few milliseconds, which is what lets a 50-page scan run at >20 pages/s.
import sharp from 'sharp';
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import type { FontFace } from '@gs/simulator-fixtures/render/layout';

/** DejaVu is wider than Helvetica: the fixtures shrink it by this much so layouts fit. */
const FONT_FIT = 0.9;
const FIRST = 32;
const LAST = 126;
const COLS = 16;

const FAMILY: Record<FontFace, string> = {
  regular: 'font-family="DejaVu Sans"',
  bold: 'font-family="DejaVu Sans" font-weight="bold"',
  italic: 'font-family="DejaVu Serif" font-style="italic"',
  mono: 'font-family="DejaVu Sans Mono"',
};
const METRICS: Record<FontFace, StandardFonts> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  mono: StandardFonts.Courier,
};

export interface Glyph {
  /** offsets of the bitmap from the pen position on the baseline */
  dx: number;
  dy: number;
  width: number;
  height: number;
  /** coverage 0..255 */
  alpha: Uint8Array;
}

export interface GlyphSet {
  px: number;
  glyphs: Map<string, Glyph>;
  /** advance of a text in pixels */
  advance(text: string): number;
  ascent: number;
  descent: number;
}

const embedders = new Map<FontFace, StandardFontEmbedder>();
const metricsOf = (face: FontFace): StandardFontEmbedder => {
  let known = embedders.get(face);
  if (!known) {
    known = StandardFontEmbedder.for(
      METRICS[face] as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
    );
    embedders.set(face, known);
  }
  return known;
};

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function trim(cell: Uint8Array, w: number, h: number, dx: number, dy: number): Glyph | undefined {
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if ((cell[y * w + x] ?? 0) > 8)
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  if (x1 < 0) return undefined;
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    alpha.set(cell.subarray((y0 + y) * w + x0, (y0 + y) * w + x1 + 1), y * width);
  return { dx: x0 - dx, dy: y0 - dy, width, height, alpha };
}

async function drawSet(face: FontFace, px: number): Promise<GlyphSet> {
  const cellW = Math.ceil(px * 1.4);
  const cellH = Math.ceil(px * 1.6);
  const pad = Math.ceil(px * 0.2);
  const base = Math.ceil(px * 1.15);
  const rows = Math.ceil((LAST - FIRST + 1) / COLS);
  const [W, H] = [cellW * COLS, cellH * rows];
  let texts = '';
  for (let c = FIRST; c <= LAST; c++) {
    const i = c - FIRST;
    const [x, y] = [(i % COLS) * cellW + pad, Math.floor(i / COLS) * cellH + base];
    texts += `<text x="${x}" y="${y}">${escapeXml(String.fromCharCode(c))}</text>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#000"/><g ${FAMILY[face]} font-size="${(px * FONT_FIT).toFixed(2)}" fill="#fff" xml:space="preserve">${texts}</g></svg>`;
  const raw = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  const glyphs = new Map<string, Glyph>();
  for (let c = FIRST; c <= LAST; c++) {
    const i = c - FIRST;
    const [cx, cy] = [(i % COLS) * cellW, Math.floor(i / COLS) * cellH];
    const cell = new Uint8Array(cellW * cellH);
    for (let y = 0; y < cellH; y++)
      cell.set(raw.subarray((cy + y) * W + cx, (cy + y) * W + cx + cellW), y * cellW);
    const glyph = trim(cell, cellW, cellH, pad, base);
    if (glyph) glyphs.set(String.fromCharCode(c), glyph);
  }
  const metrics = metricsOf(face);
  return {
    px,
    glyphs,
    advance: (text) => metrics.widthOfTextAtSize(text, px),
    ascent: px * FONT_FIT * 0.76,
    descent: px * FONT_FIT * 0.24,
  };
}

const sets = new Map<string, Promise<GlyphSet>>();

/** The glyphs of a face at a pixel size (rounded to a quarter pixel), drawn on first use. */
export function glyphSet(face: FontFace, px: number): Promise<GlyphSet> {
  const size = Math.round(px * 4) / 4;
  const key = `${face}:${size}`;
  let set = sets.get(key);
  if (!set) {
    set = drawSet(face, size);
    sets.set(key, set);
  }
  return set;
}
