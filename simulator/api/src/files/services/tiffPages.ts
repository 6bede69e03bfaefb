// Multi-page TIFF from single-page TIFFs whose pages differ in size. sharp's multi-page join pads
// every page to one size, so a page turned a quarter (portrait to landscape) would be padded; here
// each page is encoded alone by sharp and the files are chained byte for byte: every page keeps its
// own IFD and data, its offsets moved by where its bytes land, and each IFD points at the next.
// Handles classic (not Big) TIFF in either byte order, as libvips writes it.
import { classicTiffLittleEndian, readIfdEntry, type IfdEntry } from './tiffFormat';

/** Tags whose values are file offsets: StripOffsets, FreeOffsets, TileOffsets, JPEGInterchangeFormat. */
const OFFSET_TAGS = new Set([273, 288, 324, 513]);
/** Tags pointing at IFDs this joiner does not follow (SubIFDs, Exif, GPS, Interoperability). */
const SUB_IFD_TAGS = new Set([330, 34665, 34853, 40965]);

class TiffView {
  readonly little: boolean;
  readonly dv: DataView;
  constructor(readonly bytes: Buffer) {
    this.little = classicTiffLittleEndian(bytes);
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  entry = (at: number): IfdEntry => readIfdEntry(this.dv, this.little, at);
  u16 = (at: number): number => (this.little ? this.bytes.readUInt16LE(at) : this.bytes.readUInt16BE(at));
  u32 = (at: number): number => (this.little ? this.bytes.readUInt32LE(at) : this.bytes.readUInt32BE(at));
  put16 = (at: number, v: number): void => {
    if (this.little) this.bytes.writeUInt16LE(v, at);
    else this.bytes.writeUInt16BE(v, at);
  };
  put32 = (at: number, v: number): void => {
    if (this.little) this.bytes.writeUInt32LE(v, at);
    else this.bytes.writeUInt32BE(v, at);
  };
}

/** Moves every offset of the (single) first IFD of `view` by `shift`; the IFD's position after the move. */
function shiftFirstIfd(view: TiffView, shift: number): { ifd: number; nextField: number } {
  const ifd = view.u32(4);
  const count = view.u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const { tag, type, count: n, inline, valueAt: valuesAt } = view.entry(entry);
    if (SUB_IFD_TAGS.has(tag)) throw new Error(`TIFF tag ${tag} (sub-IFD) is not supported`);
    if (OFFSET_TAGS.has(tag)) {
      for (let k = 0; k < n; k++) {
        if (type === 3) view.put16(valuesAt + k * 2, view.u16(valuesAt + k * 2) + shift);
        else view.put32(valuesAt + k * 4, view.u32(valuesAt + k * 4) + shift);
      }
    }
    if (!inline) view.put32(entry + 8, valuesAt + shift);
  }
  return { ifd: ifd + shift, nextField: ifd + 2 + count * 12 + shift };
}

/** One TIFF holding the first page of each of `pages` (single-page TIFFs of one byte order), in order. */
export function joinTiffPages(pages: Buffer[]): Buffer {
  if (pages.length === 0) throw new Error('no pages to join');
  const views = pages.map((p) => new TiffView(Buffer.from(p)));
  const first = views[0] as TiffView;
  if (views.some((v) => v.little !== first.little)) throw new Error('pages of mixed byte order');
  const header = Buffer.from(first.bytes.subarray(0, 8));
  const chunks: Buffer[] = [header];
  const links: { ifd: number; nextField: number }[] = [];
  let at = 8;
  for (const view of views) {
    // each file's bytes after its own 8-byte header land at `at`: an offset x moves to x - 8 + at
    links.push(shiftFirstIfd(view, at - 8));
    const body = view.bytes.subarray(8);
    chunks.push(body);
    at += body.length;
    if (at % 2) {
      chunks.push(Buffer.alloc(1));
      at += 1;
    }
  }
  const out = Buffer.concat(chunks);
  const writer = new TiffView(out);
  writer.put32(4, (links[0] as { ifd: number }).ifd);
  links.forEach((link, i) => writer.put32(link.nextField, links[i + 1]?.ifd ?? 0));
  return out;
}
