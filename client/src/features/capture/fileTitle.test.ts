import { afterEach, describe, expect, it } from 'vitest';
import { extensionOf, fileStamp, rememberTitles, scanFileName, titleOf, uploadTitle } from './fileTitle';

afterEach(() => window.sessionStorage.clear());

describe('file titles (issue 27, item 21h)', () => {
  it('names a scan "Scan <date time>" with the helper file\'s extension, safe as a file name', () => {
    const when = new Date(2026, 10, 7, 8, 5, 9);
    expect(fileStamp(when)).toBe('2026-11-07 08.05.09');
    expect(scanFileName('Scan', when, 'scan-1a2b3c4d-5e6f.tif')).toBe('Scan 2026-11-07 08.05.09.tif');
    expect(scanFileName('Numérisation', when, 'x.pdf')).toBe('Numérisation 2026-11-07 08.05.09.pdf');
    expect(scanFileName('Scan', when, 'x')).not.toMatch(/[/\\:]/);
    expect(extensionOf('a.b.TIFF')).toBe('.TIFF');
  });

  it('titles an upload by the name it was sent with, and remembers it for its cache name', () => {
    expect(uploadTitle({ name: 'f81d4fae.pdf', originalName: 'Invoice 7.pdf' })).toBe('Invoice 7.pdf');
    expect(uploadTitle({ name: 'f81d4fae.pdf', originalName: '' })).toBe('f81d4fae.pdf');
    expect(titleOf('f81d4fae.pdf')).toBe('f81d4fae.pdf');
    rememberTitles([{ name: 'f81d4fae.pdf', originalName: 'Invoice 7.pdf' }]);
    expect(titleOf('f81d4fae.pdf')).toBe('Invoice 7.pdf');
    expect(titleOf('other.pdf')).toBe('other.pdf');
  });
});
