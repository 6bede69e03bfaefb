// What the PDF page renderer needs from pdf-lib: a page's size and decoded content, and its
// resources (fonts by name, image and form XObjects), with images turned into data URIs.
import sharp from 'sharp';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, decodePDFRawStream } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';

export interface FontInfo {
  family: string;
  weight: 'normal' | 'bold';
  style: 'normal' | 'italic';
  /** two-byte (CID) font: its codes cannot be read as text without a ToUnicode map */
  composite: boolean;
}

export type XObject =
  | { kind: 'image'; href: Promise<string | undefined> }
  | { kind: 'form'; content: Uint8Array; matrix: number[]; resources: PDFDict | undefined };

const name = (o: PDFObject | undefined): string => (o instanceof PDFName ? o.decodeText() : '');

export function streamBytes(stream: PDFRawStream): Uint8Array {
  return decodePDFRawStream(stream).decode();
}

/** The decoded bytes of a page's content stream(s), joined. */
export function contentBytes(dict: PDFDict, contents: PDFObject | undefined): Uint8Array {
  const lookup = (o: PDFObject): PDFObject => (o instanceof PDFRef ? (dict.context.lookup(o) ?? o) : o);
  const parts: Uint8Array[] = [];
  const add = (o: PDFObject | undefined): void => {
    if (!o) return;
    const v = lookup(o);
    if (v instanceof PDFArray) v.asArray().forEach(add);
    else if (v instanceof PDFRawStream) parts.push(streamBytes(v), Uint8Array.of(0x0a));
  };
  add(contents);
  return Buffer.concat(parts);
}

function sub(resources: PDFDict | undefined, key: string): PDFDict | undefined {
  const v = resources?.lookup(PDFName.of(key));
  return v instanceof PDFDict ? v : undefined;
}

export function fontInfo(resources: PDFDict | undefined, fontName: string): FontInfo {
  const font = sub(resources, 'Font')?.lookup(PDFName.of(fontName));
  const dict = font instanceof PDFDict ? font : undefined;
  const base = name(dict?.get(PDFName.of('BaseFont'))).toLowerCase();
  // metric-compatible substitutes of the standard 14 fonts (fonts-liberation)
  const family = /courier|mono/.test(base)
    ? 'Liberation Mono'
    : /times|serif/.test(base)
      ? 'Liberation Serif'
      : 'Liberation Sans';
  return {
    family,
    weight: /bold|black|heavy/.test(base) ? 'bold' : 'normal',
    style: /italic|oblique/.test(base) ? 'italic' : 'normal',
    composite: name(dict?.get(PDFName.of('Subtype'))) === 'Type0',
  };
}

const num = (d: PDFDict, key: string, fallback: number): number => {
  const v = d.lookup(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : fallback;
};

/** An image XObject as a data URI: JPEG passes through; 8-bit grey or RGB pixels become a PNG. */
async function imageHref(stream: PDFRawStream): Promise<string | undefined> {
  const d = stream.dict;
  const filter = d.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray().map(name) : [name(filter)];
  if (filters.length === 1 && filters[0] === 'DCTDecode')
    return `data:image/jpeg;base64,${Buffer.from(stream.contents).toString('base64')}`;
  const width = num(d, 'Width', 0);
  const height = num(d, 'Height', 0);
  const space = name(d.lookup(PDFName.of('ColorSpace')));
  const channels = space === 'DeviceGray' ? 1 : space === 'DeviceRGB' ? 3 : 0;
  if (!width || !height || !channels || num(d, 'BitsPerComponent', 8) !== 8) return undefined;
  const pixels = streamBytes(stream);
  if (pixels.length < width * height * channels) return undefined;
  const png = await sharp(Buffer.from(pixels), { raw: { width, height, channels } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export function xobject(resources: PDFDict | undefined, xName: string): XObject | undefined {
  const o = sub(resources, 'XObject')?.lookup(PDFName.of(xName));
  if (!(o instanceof PDFRawStream)) return undefined;
  const subtype = name(o.dict.get(PDFName.of('Subtype')));
  if (subtype === 'Image') return { kind: 'image', href: imageHref(o).catch(() => undefined) };
  if (subtype !== 'Form') return undefined;
  const m = o.dict.lookup(PDFName.of('Matrix'));
  const matrix =
    m instanceof PDFArray
      ? m.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : 0))
      : [1, 0, 0, 1, 0, 0];
  const res = o.dict.lookup(PDFName.of('Resources'));
  return {
    kind: 'form',
    content: streamBytes(o),
    matrix,
    resources: res instanceof PDFDict ? res : resources,
  };
}
