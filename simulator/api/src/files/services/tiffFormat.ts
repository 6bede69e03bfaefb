// Classic (not Big) TIFF basics shared by the api's TIFF readers and writers (tiffPages.ts,
// dataExtraction/tiffWords.ts, dataExtraction/wordsCarry.ts) and the scanned pages' joiner
// (simulator/fixtures/src/scan/tiffJoin.ts).

/** Bytes per value of each TIFF field type (TIFF 6.0 types 1-12, and 13 = IFD). */
export const TIFF_TYPE_SIZES: Readonly<Record<number, number>> = {
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
  13: 4,
};

/** True when the file is little-endian ("II"), false when big-endian ("MM"); throws when it is not a classic TIFF. */
export function classicTiffLittleEndian(bytes: Uint8Array): boolean {
  const order = String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0);
  if (order !== 'II' && order !== 'MM') throw new Error('not a TIFF file');
  const little = order === 'II';
  if (bytes.length < 4 || new DataView(bytes.buffer, bytes.byteOffset, 4).getUint16(2, little) !== 42)
    throw new Error('not a classic TIFF file');
  return little;
}

/** One 12-byte IFD entry; `valueAt` is where its values are (inside the entry when they fit in 4 bytes). */
export interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** bytes of all its values (an unknown type counts 1 byte a value) */
  size: number;
  inline: boolean;
  valueAt: number;
}

/** The IFD entry at byte `at` (the caller checks that its 12 bytes are in the file). */
export function readIfdEntry(dv: DataView, little: boolean, at: number): IfdEntry {
  const type = dv.getUint16(at + 2, little);
  const count = dv.getUint32(at + 4, little);
  const size = (TIFF_TYPE_SIZES[type] ?? 1) * count;
  const inline = size <= 4;
  return {
    tag: dv.getUint16(at, little),
    type,
    count,
    size,
    inline,
    valueAt: inline ? at + 8 : dv.getUint32(at + 8, little),
  };
}
