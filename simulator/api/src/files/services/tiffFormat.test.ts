import { describe, expect, it } from 'vitest';
import { classicTiffLittleEndian, readIfdEntry } from './tiffFormat';

/** A header and one IFD entry at byte 8, in the given byte order. */
function tiff(little: boolean, tag: number, type: number, count: number, value: number): Uint8Array {
  const bytes = new Uint8Array(20);
  const dv = new DataView(bytes.buffer);
  bytes.set(little ? [0x49, 0x49] : [0x4d, 0x4d]);
  dv.setUint16(2, 42, little);
  dv.setUint16(8, tag, little);
  dv.setUint16(10, type, little);
  dv.setUint32(12, count, little);
  dv.setUint32(16, value, little);
  return bytes;
}

describe('tiffFormat', () => {
  it('reads the byte order of a classic TIFF and refuses anything else', () => {
    expect(classicTiffLittleEndian(tiff(true, 1, 1, 1, 0))).toBe(true);
    expect(classicTiffLittleEndian(tiff(false, 1, 1, 1, 0))).toBe(false);
    expect(() => classicTiffLittleEndian(new TextEncoder().encode('%PDF-1.7'))).toThrow('not a TIFF file');
    const big = tiff(true, 1, 1, 1, 0);
    big[2] = 43; // BigTIFF
    expect(() => classicTiffLittleEndian(big)).toThrow('not a classic TIFF file');
  });

  it('places values of 4 bytes or less inside the entry and larger ones at their offset', () => {
    for (const little of [true, false]) {
      const short = readIfdEntry(new DataView(tiff(little, 273, 3, 2, 0).buffer), little, 8);
      expect(short).toEqual({ tag: 273, type: 3, count: 2, size: 4, inline: true, valueAt: 16 });
      const long = readIfdEntry(new DataView(tiff(little, 65000, 7, 300, 1234).buffer), little, 8);
      expect(long).toEqual({ tag: 65000, type: 7, count: 300, size: 300, inline: false, valueAt: 1234 });
    }
  });
});
