// Scanned words follow their pages when the API writes a TIFF again (decision 040): bursting,
// rotating, merging and appending re-encode pages through sharp, which keeps no private tags, so
// the words of each source page are read first (tiffWords.ts) and written back into the new file.
// `withPageWords` needs no re-encoding: for each page that gets words it appends a copy of the
// page's IFD with the SCAN_WORDS_TIFF_TAG entry added (its value after it) at the end of the
// file and points the chain at the copy instead of the original, which stays as unused bytes. The
// other entries are copied as they are: their offsets are absolute and nothing before them moves.
// Either byte order. `turnWords` and `fitWords` move the boxes with the pixels.
import { SCAN_WORDS_TIFF_TAG, type ScannedPageWords } from '@gs/contract/dataExtraction';
import { classicTiffLittleEndian } from '../../files/services/tiffFormat';

type Word = ScannedPageWords['Words'][number];

const UNDEFINED_TYPE = 7;
const ENTRY = 12;

/** `tiff` with `words[i]` written into page i (pages without an entry, or undefined, are left as they are). */
export function withPageWords(tiff: Uint8Array, words: readonly (ScannedPageWords | undefined)[]): Buffer {
  const little = classicTiffLittleEndian(tiff);
  const head = Buffer.from(tiff);
  const out: Buffer[] = [head];
  let size = tiff.length;
  const dv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const appended = (bytes: Buffer): number => {
    if (size % 2) {
      out.push(Buffer.alloc(1));
      size += 1;
    }
    const at = size;
    out.push(bytes);
    size += bytes.length;
    return at;
  };
  // the 4 bytes that point at the current page's IFD: the header's, or the previous IFD's next field
  let pointer: { buffer: DataView; at: number } = { buffer: dv, at: 4 };
  let ifd = dv.getUint32(4, little);
  const seen = new Set<number>();
  for (let page = 0; ifd !== 0 && ifd + 2 <= tiff.length; page++) {
    if (seen.has(ifd)) throw new Error('TIFF IFD chain runs in a loop');
    seen.add(ifd);
    const count = dv.getUint16(ifd, little);
    const nextAt = ifd + 2 + count * ENTRY;
    if (nextAt + 4 > tiff.length) throw new Error('TIFF IFD runs past the end of the file');
    const next = dv.getUint32(nextAt, little);
    const pageWords = words[page];
    if (pageWords) {
      const value = Buffer.from(JSON.stringify(pageWords), 'utf8');
      const valueAt = appended(value);
      const entries: Buffer[] = [];
      for (let i = 0; i < count; i++) {
        const entry = head.subarray(ifd + 2 + i * ENTRY, ifd + 2 + (i + 1) * ENTRY);
        if (dv.getUint16(ifd + 2 + i * ENTRY, little) !== SCAN_WORDS_TIFF_TAG) entries.push(entry);
      }
      const own = Buffer.alloc(ENTRY);
      const ownView = new DataView(own.buffer, own.byteOffset, own.length);
      ownView.setUint16(0, SCAN_WORDS_TIFF_TAG, little);
      ownView.setUint16(2, UNDEFINED_TYPE, little);
      ownView.setUint32(4, value.length, little);
      if (value.length <= 4) value.copy(own, 8);
      else ownView.setUint32(8, valueAt, little);
      // entries stay in ascending tag order, as TIFF 6.0 asks
      const tagOf = (e: Buffer): number => (little ? e.readUInt16LE(0) : e.readUInt16BE(0));
      const sorted = [...entries, own].sort((a, b) => tagOf(a) - tagOf(b));
      const copy = Buffer.alloc(2 + sorted.length * ENTRY + 4);
      const copyView = new DataView(copy.buffer, copy.byteOffset, copy.length);
      copyView.setUint16(0, sorted.length, little);
      sorted.forEach((e, i) => e.copy(copy, 2 + i * ENTRY));
      copyView.setUint32(copy.length - 4, next, little);
      const copyAt = appended(copy);
      pointer.buffer.setUint32(pointer.at, copyAt, little);
      pointer = { buffer: copyView, at: copy.length - 4 };
    } else pointer = { buffer: dv, at: nextAt };
    ifd = next;
  }
  return Buffer.concat(out);
}

/** The words of a page turned `degrees` (0, 90, 180, 270) clockwise with it. */
export function turnWords(page: ScannedPageWords, degrees: number): ScannedPageWords {
  const { Width: w, Height: h } = page;
  const turn = (word: Word): Word => {
    const right = word.Left + word.Width;
    const bottom = word.Top + word.Height;
    switch (degrees) {
      case 90:
        return { ...word, Left: h - bottom, Top: word.Left, Width: word.Height, Height: word.Width };
      case 180:
        return { ...word, Left: w - right, Top: h - bottom };
      case 270:
        return { ...word, Left: word.Top, Top: w - right, Width: word.Height, Height: word.Width };
      default:
        return word;
    }
  };
  const quarter = degrees === 90 || degrees === 270;
  return { ...page, Width: quarter ? h : w, Height: quarter ? w : h, Words: page.Words.map(turn) };
}

/**
 * The words of a page drawn `frame` pixels big, then fitted inside `target` (scaled to fit and
 * centred, as sharp's resize with fit 'contain' does): boxes in the target's pixels.
 */
export function fitWords(
  page: ScannedPageWords,
  frame: { width: number; height: number },
  target: { width: number; height: number },
): ScannedPageWords {
  const scale = Math.min(target.width / frame.width, target.height / frame.height);
  const dx = (target.width - Math.round(frame.width * scale)) / 2;
  const dy = (target.height - Math.round(frame.height * scale)) / 2;
  const [sx, sy] = [(frame.width / page.Width) * scale, (frame.height / page.Height) * scale];
  return {
    Width: target.width,
    Height: target.height,
    Dpi: page.Dpi * sx,
    Words: page.Words.map((word) => ({
      ...word,
      Left: dx + word.Left * sx,
      Top: dy + word.Top * sy,
      Width: word.Width * sx,
      Height: word.Height * sy,
    })),
  };
}
