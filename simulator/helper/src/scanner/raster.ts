// Draws a page layout (points, from the fixtures' page model) into a grey raster at the scanner's
// resolution, as a sheet fed slightly off-square with a few specks of dust, and records every
// printed word with its box in pixels of that raster.
import type { BoxItem, Ink, PageLayout, TextItem } from '@gs/simulator-fixtures/render/layout';
import { createRng } from '@gs/simulator-fixtures/random';
import type { ScanColour, ScanWord } from '@gs/contract/helper';
import { glyphSet, type GlyphSet } from './glyphs';

export interface PageRaster {
  width: number;
  height: number;
  dpi: number;
  /** 1 byte a pixel (grey) or 3 (colour), 255 white */
  channels: 1 | 3;
  data: Uint8Array;
  words: ScanWord[];
}

export interface RasterOptions {
  widthPt: number;
  heightPt: number;
  dpi: number;
  colour: ScanColour;
  /** seeds the feed offset and the dust */
  seed: string;
}

const INK: Record<Ink, number> = { black: 0, white: 255, grey: 60 };

interface Canvas {
  width: number;
  height: number;
  data: Uint8Array;
}

function fillRect(c: Canvas, x: number, y: number, w: number, h: number, value: number): void {
  const [x0, y0] = [Math.max(0, Math.round(x)), Math.max(0, Math.round(y))];
  const [x1, y1] = [Math.min(c.width, Math.round(x + w)), Math.min(c.height, Math.round(y + h))];
  for (let row = y0; row < y1; row++) c.data.fill(value, row * c.width + x0, row * c.width + x1);
}

function drawBox(c: Canvas, item: BoxItem, scale: number, bilevel: boolean, dx: number, dy: number): void {
  const [x, y, w, h] = [
    item.x * scale + dx,
    item.y * scale + dy,
    item.w * scale,
    Math.max(item.h * scale, 1),
  ];
  if (item.fill === 'dark') fillRect(c, x, y, w, h, 0);
  else if (item.fill === 'light') {
    if (!bilevel) fillRect(c, x, y, w, h, 225);
  } else {
    const t = Math.max(1, Math.round(0.8 * scale));
    fillRect(c, x, y, w, t, 0);
    fillRect(c, x, y + h - t, w, t, 0);
    fillRect(c, x, y, t, h, 0);
    fillRect(c, x + w - t, y, t, h, 0);
  }
}

function blit(c: Canvas, set: GlyphSet, text: string, x: number, baseline: number, ink: number): void {
  let pen = x;
  for (const ch of text) {
    const g = set.glyphs.get(ch);
    if (g) {
      const [gx, gy] = [Math.round(pen) + g.dx, Math.round(baseline) + g.dy];
      for (let row = 0; row < g.height; row++) {
        const y = gy + row;
        if (y < 0 || y >= c.height) continue;
        for (let col = 0; col < g.width; col++) {
          const a = g.alpha[row * g.width + col] ?? 0;
          const px = gx + col;
          if (a === 0 || px < 0 || px >= c.width) continue;
          const i = y * c.width + px;
          c.data[i] = ((c.data[i] ?? 255) * (255 - a) + ink * a) / 255;
        }
      }
    }
    pen += set.advance(ch);
  }
}

function wordsOf(item: TextItem, set: GlyphSet, x: number, baseline: number): Omit<ScanWord, 'Line'>[] {
  const words: Omit<ScanWord, 'Line'>[] = [];
  const re = /\S+/g;
  for (let m = re.exec(item.text); m; m = re.exec(item.text)) {
    const left = x + set.advance(item.text.slice(0, m.index));
    words.push({
      Left: Math.round(left),
      Top: Math.round(baseline - set.ascent),
      Width: Math.max(1, Math.round(set.advance(m[0]))),
      Height: Math.round(set.ascent + set.descent),
      Value: m[0],
    });
  }
  return words;
}

async function drawText(c: Canvas, item: TextItem, scale: number, dx: number, dy: number) {
  const set = await glyphSet(item.font, item.size * scale);
  const width = set.advance(item.text);
  const anchor = item.x * scale + dx;
  const x = item.align === 'right' ? anchor - width : item.align === 'center' ? anchor - width / 2 : anchor;
  const baseline = item.y * scale + dy;
  blit(c, set, item.text, x, baseline, INK[item.ink]);
  return { baseline: Math.round(baseline), words: wordsOf(item, set, x, baseline) };
}

function numberLines(found: { baseline: number; words: Omit<ScanWord, 'Line'>[] }[]): ScanWord[] {
  const baselines = [...new Set(found.map((f) => f.baseline))].sort((a, b) => a - b);
  const lineOf = new Map(baselines.map((b, i) => [b, i + 1]));
  return found
    .flatMap((f) => f.words.map((w) => ({ ...w, Line: lineOf.get(f.baseline) ?? 0 })))
    .sort((a, b) => a.Line - b.Line || a.Left - b.Left);
}

function toColour(c: Canvas, letterheadPx: number): Uint8Array {
  const rgb = new Uint8Array(c.width * c.height * 3);
  for (let i = 0; i < c.data.length; i++) {
    const v = c.data[i] ?? 255;
    // the letterhead prints in navy ink
    const inHead = i < letterheadPx * c.width && v < 200;
    rgb[i * 3] = inHead ? v * 0.3 : v;
    rgb[i * 3 + 1] = inHead ? v * 0.4 + 20 : v;
    rgb[i * 3 + 2] = inHead ? v * 0.5 + 110 : v;
  }
  return rgb;
}

export async function rasterPage(layout: PageLayout, o: RasterOptions): Promise<PageRaster> {
  const scale = o.dpi / 72;
  const width = Math.round(o.widthPt * scale);
  const height = Math.round(o.heightPt * scale);
  const canvas: Canvas = { width, height, data: new Uint8Array(width * height).fill(255) };
  const rng = createRng(o.seed);
  const [dx, dy] = [rng.int(-6, 6) * scale * 0.25, rng.int(-6, 6) * scale * 0.25];
  const bilevel = o.colour === 'bilevel';
  for (const item of layout.items) if (item.kind === 'box') drawBox(canvas, item, scale, bilevel, dx, dy);
  const found = [];
  for (const item of layout.items)
    if (item.kind === 'text') found.push(await drawText(canvas, item, scale, dx, dy));
  for (let i = rng.int(3, 12); i > 0; i--)
    fillRect(canvas, rng.int(0, width - 4), rng.int(0, height - 4), rng.int(1, 3), rng.int(1, 3), 0);
  const words = numberLines(found);
  if (o.colour !== 'colour') return { width, height, dpi: o.dpi, channels: 1, data: canvas.data, words };
  return { width, height, dpi: o.dpi, channels: 3, data: toColour(canvas, Math.round(92 * scale)), words };
}
