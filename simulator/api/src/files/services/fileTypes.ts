// The content type of a stored file by its extension, and the one byte range of a Range header.

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.htm': 'text/html',
  '.html': 'text/html',
  '.xhtml': 'application/xhtml+xml',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.rtf': 'application/rtf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.eml': 'message/rfc822',
  '.msg': 'application/vnd.ms-outlook',
  '.zip': 'application/zip',
};

/** The content type of an extension (with its dot, any case); octet-stream when unknown. */
export const contentTypeOf = (ext: string): string =>
  CONTENT_TYPES[ext.toLowerCase()] ?? 'application/octet-stream';

const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * The inclusive byte range `[start, end]` a Range header asks of a file of `size` bytes;
 * undefined to send the whole file (no header, another unit, several ranges, bad syntax),
 * 'unsatisfiable' when the range starts past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  const m = header === undefined ? null : RANGE.exec(header.trim());
  if (!m) return undefined;
  const [first, last] = [m[1] ?? '', m[2] ?? ''];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // the last n bytes
    const n = Number(last);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return [start, end];
}
