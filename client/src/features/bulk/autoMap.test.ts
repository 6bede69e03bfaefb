import { describe, expect, it } from 'vitest';
import { autoMap, fileColumnOf } from './autoMap';

const targets = [
  { id: 0, name: 'Archive ID' },
  { id: -1, name: 'Document ID' },
  { id: 4, name: 'Vendor Name' },
  { id: 7, name: 'Status' },
];

describe('automatic column mapping', () => {
  it('maps headers naming a field or the archive and document ids, once each', () => {
    expect(autoMap(['ArchiveID', 'DocID', 'vendor_name', 'STATUS', 'Status', 'Other'], targets)).toEqual({
      0: 0,
      [-1]: 1,
      4: 2,
      7: 3,
    });
  });

  it('maps nothing for numbered columns, and ids only where they are targets', () => {
    expect(autoMap(['Column 1', 'Column 2'], targets)).toEqual({});
    expect(autoMap(['DocID', 'Status'], targets.slice(2))).toEqual({ 7: 1 });
  });

  it('finds the file path column', () => {
    expect(fileColumnOf(['Number', 'File Path'])).toBe(1);
    expect(fileColumnOf(['Number'])).toBe(-1);
  });
});
