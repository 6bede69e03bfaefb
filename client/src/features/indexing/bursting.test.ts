import { describe, expect, it } from 'vitest';
import { burstConfirmError, burstStartError, canDeleteBurstPages, isBurstable } from './bursting';

describe('bursting rules', () => {
  it('bursts only TIFF and PDF files', () => {
    expect(['a.tif', 'b.TIFF', 'c.pdf'].map(isBurstable)).toEqual([true, true, true]);
    expect(['d.docx', 'e.jpg', 'pdf', ''].map(isBurstable)).toEqual([false, false, false, false]);
  });

  it('needs one TIFF or PDF file and a page selection, in that order', () => {
    expect(burstStartError({ fileNames: ['a.pdf', 'b.pdf'], selected: [1] })).toBe(
      'ERROR_BURSTING_WITH_MULTIPLE_DOCS',
    );
    expect(burstStartError({ fileNames: ['memo.docx'], selected: [1] })).toBe('ERROR_BURSTING_ON_EDOC');
    expect(burstStartError({ fileNames: ['scan.tif'], selected: [] })).toBe('ERROR_NO_THUMBNAIL_SELECTED');
    expect(burstStartError({ fileNames: ['scan.tif'], selected: [2] })).toBeNull();
  });

  it('never deletes every page', () => {
    expect(burstConfirmError([1, 2, 3], 3, true)).toBe('ERROR_BURSTING_REMOVE_ALL_PAGES');
    expect(burstConfirmError([3, 1, 2, 2], 3, true)).toBe('ERROR_BURSTING_REMOVE_ALL_PAGES');
    expect(burstConfirmError([1, 2, 3], 3, false)).toBeNull();
    expect(burstConfirmError([1, 2], 3, true)).toBeNull();
  });

  it('folder option 1 disables deleting the burst pages', () => {
    expect(canDeleteBurstPages(0)).toBe(true);
    expect(canDeleteBurstPages(1)).toBe(false);
    expect(canDeleteBurstPages(3)).toBe(false);
    expect(canDeleteBurstPages(2)).toBe(true);
  });
});
