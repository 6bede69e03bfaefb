// A small PDF page renderer: interprets the first page's content stream (paths, fills and
// strokes, colours, text with the standard fonts' metric-compatible substitutes, JPEG and 8-bit
// images, form XObjects) into SVG that sharp rasterises. sharp's libvips has no PDF loader here
// (no poppler), and this covers what pdf-lib, scanners and office exports commonly put on a page;
// shadings, patterns, clipping and Type3 glyphs are not drawn.
import { PDFDocument } from 'pdf-lib';
import type { PDFDict } from 'pdf-lib';
import { ContentLexer, type Operand } from './contentLexer';
import { contentBytes, fontInfo, xobject, type FontInfo } from './pdfResources';

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MAX_OPERATIONS = 50_000;
const MAX_DEPTH = 4;

const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);
const matrixAttr = (m: Matrix): string => `matrix(${m.map(fmt).join(' ')})`;
/** XML text: markup characters escaped, control characters (not allowed in XML 1.0) dropped. */
const xml = (s: string): string =>
  [...s]
    .filter((c) => c.charCodeAt(0) >= 0x20 || c === '\t' || c === '\n' || c === '\r')
    .join('')
    .replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
const imageSlot = (i: number): string => `@@image-${i}@@`;
const nums = (args: Operand[]): number[] => args.filter((a): a is number => typeof a === 'number');
const rgb = (r: number, g: number, b: number): string =>
  `rgb(${[r, g, b].map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255)).join(',')})`;
const colour = (v: number[]): string | undefined =>
  v.length === 1
    ? rgb(v[0] ?? 0, v[0] ?? 0, v[0] ?? 0)
    : v.length === 3
      ? rgb(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0)
      : v.length === 4
        ? rgb(
            (1 - (v[0] ?? 0)) * (1 - (v[3] ?? 0)),
            (1 - (v[1] ?? 0)) * (1 - (v[3] ?? 0)),
            (1 - (v[2] ?? 0)) * (1 - (v[3] ?? 0)),
          )
        : undefined;
const winAnsi = new TextDecoder('windows-1252');

interface State {
  ctm: Matrix;
  fill: string;
  stroke: string;
  lineWidth: number;
  font: FontInfo;
  size: number;
  leading: number;
  scale: number;
  rise: number;
}

class Renderer {
  readonly out: string[] = [];
  readonly images: Promise<string | undefined>[] = [];
  private ops = 0;
  private path = '';
  private tm: Matrix = IDENTITY;
  private tlm: Matrix = IDENTITY;

  constructor(private resources: PDFDict | undefined) {}

  private paint(s: State, fill: boolean, stroke: boolean, evenOdd = false): void {
    if (this.path) {
      const f = fill ? `fill="${s.fill}"${evenOdd ? ' fill-rule="evenodd"' : ''}` : 'fill="none"';
      const st = stroke ? ` stroke="${s.stroke}" stroke-width="${fmt(Math.max(s.lineWidth, 0.3))}"` : '';
      this.out.push(`<path transform="${matrixAttr(s.ctm)}" d="${this.path}" ${f}${st}/>`);
    }
    this.path = '';
  }

  private show(s: State, bytes: Uint8Array, adjust = 0): void {
    const text = s.font.composite ? '' : winAnsi.decode(bytes);
    const chars = s.font.composite ? bytes.length / 2 : text.length;
    const trm = mul([s.scale, 0, 0, 1, 0, s.rise], mul(this.tm, s.ctm));
    if (text.trim())
      this.out.push(
        `<text transform="${matrixAttr(trm)} scale(1,-1)" font-family="${s.font.family}" font-weight="${s.font.weight}" font-style="${s.font.style}" font-size="${fmt(s.size)}" fill="${s.fill}" xml:space="preserve">${xml(text)}</text>`,
      );
    else if (s.font.composite && chars)
      this.out.push(
        `<rect transform="${matrixAttr(trm)}" y="0" width="${fmt(chars * s.size * 0.5)}" height="${fmt(s.size * 0.6)}" fill="${s.fill}" opacity="0.5"/>`,
      );
    // standard fonts average about half an em per glyph
    this.tm = mul([1, 0, 0, 1, chars * s.size * 0.5 * s.scale + adjust, 0], this.tm);
  }

  private showArray(s: State, items: Operand[]): void {
    for (const item of items)
      if (item instanceof Uint8Array) this.show(s, item);
      else if (typeof item === 'number')
        this.tm = mul([1, 0, 0, 1, (-item / 1000) * s.size * s.scale, 0], this.tm);
  }

  private nextLine(s: State, tx = 0, ty = -s.leading): void {
    this.tlm = mul([1, 0, 0, 1, tx, ty], this.tlm);
    this.tm = this.tlm;
  }

  private doXObject(s: State, xName: string, depth: number): void {
    const x = xobject(this.resources, xName);
    if (x?.kind === 'image') {
      this.out.push(
        `<image transform="${matrixAttr(mul([1, 0, 0, -1, 0, 1], s.ctm))}" width="1" height="1" preserveAspectRatio="none" href="${imageSlot(this.images.length)}"/>`,
      );
      this.images.push(x.href);
    } else if (x?.kind === 'form' && depth < MAX_DEPTH) {
      const saved = this.resources;
      this.resources = x.resources;
      this.run(x.content, { ...s, ctm: mul(x.matrix as Matrix, s.ctm) }, depth + 1);
      this.resources = saved;
    }
  }

  run(content: Uint8Array, initial: State, depth = 0): void {
    const stack: State[] = [];
    let s = { ...initial };
    for (const { op, args } of new ContentLexer(content).operations()) {
      if (++this.ops > MAX_OPERATIONS) return;
      const n = nums(args);
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = n;
      switch (op) {
        case 'q':
          stack.push({ ...s });
          break;
        case 'Q':
          s = stack.pop() ?? s;
          break;
        case 'cm':
          s.ctm = mul([a, b, c, d, e, f], s.ctm);
          break;
        case 'w':
          s.lineWidth = a;
          break;
        case 'm':
          this.path += `M${fmt(a)} ${fmt(b)}`;
          break;
        case 'l':
          this.path += `L${fmt(a)} ${fmt(b)}`;
          break;
        case 'c':
          this.path += `C${[a, b, c, d, e, f].map(fmt).join(' ')}`;
          break;
        case 'v':
        case 'y':
          this.path += `L${fmt(n[n.length - 2] ?? 0)} ${fmt(n[n.length - 1] ?? 0)}`;
          break;
        case 'h':
          this.path += 'Z';
          break;
        case 're':
          this.path += `M${fmt(a)} ${fmt(b)}h${fmt(c)}v${fmt(d)}h${fmt(-c)}Z`;
          break;
        case 'f':
        case 'F':
          this.paint(s, true, false);
          break;
        case 'f*':
          this.paint(s, true, false, true);
          break;
        case 'S':
          this.paint(s, false, true);
          break;
        case 's':
          this.path += 'Z';
          this.paint(s, false, true);
          break;
        case 'B':
        case 'b':
          this.paint(s, true, true);
          break;
        case 'B*':
        case 'b*':
          this.paint(s, true, true, true);
          break;
        case 'n':
          this.path = '';
          break;
        case 'g':
        case 'rg':
        case 'k':
        case 'sc':
        case 'scn':
          s.fill = colour(n) ?? s.fill;
          break;
        case 'G':
        case 'RG':
        case 'K':
        case 'SC':
        case 'SCN':
          s.stroke = colour(n) ?? s.stroke;
          break;
        case 'BT':
          this.tm = this.tlm = IDENTITY;
          break;
        case 'Tf':
          s.font = fontInfo(
            this.resources,
            typeof args[0] === 'object' && 'name' in args[0] ? args[0].name : '',
          );
          s.size = a;
          break;
        case 'TL':
          s.leading = a;
          break;
        case 'Tz':
          s.scale = a / 100;
          break;
        case 'Ts':
          s.rise = a;
          break;
        case 'Td':
          this.nextLine(s, a, b);
          break;
        case 'TD':
          s.leading = -b;
          this.nextLine(s, a, b);
          break;
        case 'Tm':
          this.tm = this.tlm = [a, b, c, d, e, f];
          break;
        case 'T*':
          this.nextLine(s);
          break;
        case 'Tj':
          if (args[0] instanceof Uint8Array) this.show(s, args[0]);
          break;
        case "'":
        case '"':
          this.nextLine(s);
          if (args[args.length - 1] instanceof Uint8Array) this.show(s, args[args.length - 1] as Uint8Array);
          break;
        case 'TJ':
          if (Array.isArray(args[0])) this.showArray(s, args[0]);
          break;
        case 'Do':
          if (typeof args[0] === 'object' && 'name' in args[0]) this.doXObject(s, args[0].name, depth);
          break;
      }
    }
  }
}

export interface PdfPageSvg {
  svg: string;
  width: number;
  height: number;
}

/** The first page of a PDF as SVG (in points), or undefined when it has no pages. */
export const pdfFirstPageSvg = (bytes: Uint8Array): Promise<PdfPageSvg | undefined> => pdfPageSvg(bytes, 0);

/** One page (0-based) of a PDF as SVG (in points), or undefined when the PDF has no such page. */
export async function pdfPageSvg(bytes: Uint8Array, index: number): Promise<PdfPageSvg | undefined> {
  const doc = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  if (index < 0 || index >= doc.getPageCount()) return undefined;
  const page = doc.getPage(index);
  const box = page.getMediaBox();
  const renderer = new Renderer(page.node.Resources());
  const initial: State = {
    ctm: [1, 0, 0, -1, -box.x, box.height + box.y],
    fill: 'rgb(0,0,0)',
    stroke: 'rgb(0,0,0)',
    lineWidth: 1,
    font: { family: 'Liberation Sans', weight: 'normal', style: 'normal', composite: false },
    size: 12,
    leading: 0,
    scale: 1,
    rise: 0,
  };
  renderer.run(contentBytes(page.node, page.node.Contents()), initial);
  const hrefs = await Promise.all(renderer.images);
  const body = renderer.out
    .map((el) => el.replace(/@@image-(\d+)@@/, (_m, i: string) => hrefs[Number(i)] ?? ''))
    .filter((el) => !el.includes('href=""'))
    .join('\n');
  const [w, h] = [fmt(box.width), fmt(box.height)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#fff"/>${body}</svg>`;
  return { svg, width: box.width, height: box.height };
}
