// What a refused import says (spec §8 server upload codes): RequiredField and DataTypeMismatch have
// their own keys, Permissions the shared permissions key, each with the server's detail; an
// expired licence (LicenseExpired) is already taken to the sign-in page by the http layer.
import { ImportErrorCode } from '@gs/contract/upload';
import { ApiError } from '../../api/http';
import { serverReason } from '../../lib/serverTexts';

export type ImportFailure =
  | { kind: 'licenseLost' }
  | {
      kind: 'message';
      key:
        | 'ERROR_IMPORT_MISSING_FIELDS'
        | 'ERROR_IMPORT_DATATYPE_MISMATCH'
        | 'ERROR_FAILED_DUE_TO_PERMISSIONS'
        | 'indexing.save.failed';
      /** the server's own words, shown under the message through lib/serverTexts */
      detail: string | null;
    };

/** The server Message without its leading "<Code>: ". */
const detailOf = (message: string | null, code: string): string | null =>
  message ? message.replace(new RegExp(`^\\s*${code}\\s*:\\s*`, 'i'), '').trim() || null : null;

function codeOf(error: ApiError): string | null {
  try {
    const body = JSON.parse(error.body) as Record<string, unknown>;
    const code = Object.entries(body).find(([k]) => k.toLowerCase() === 'code')?.[1];
    if (typeof code === 'string') return code;
  } catch {
    // not JSON: look for the word in the text
  }
  const text = `${serverReason(error) ?? ''} ${error.body}`;
  return Object.values(ImportErrorCode).find((c) => text.includes(c)) ?? null;
}

export function importFailure(error: unknown): ImportFailure {
  if (!(error instanceof ApiError)) return { kind: 'message', key: 'indexing.save.failed', detail: null };
  const code = codeOf(error);
  if (error.licenseLoss || code === ImportErrorCode.LicenseExpired) return { kind: 'licenseLost' };
  const reason = serverReason(error);
  const detail = (c: string) => detailOf(reason, c);
  switch (code) {
    case ImportErrorCode.RequiredField:
      return { kind: 'message', key: 'ERROR_IMPORT_MISSING_FIELDS', detail: detail(code) };
    case ImportErrorCode.DataTypeMismatch:
      return { kind: 'message', key: 'ERROR_IMPORT_DATATYPE_MISMATCH', detail: detail(code) };
    case ImportErrorCode.Permissions:
      return { kind: 'message', key: 'ERROR_FAILED_DUE_TO_PERMISSIONS', detail: detail(code) };
    default:
      return {
        kind: 'message',
        key: error.status === 403 ? 'ERROR_FAILED_DUE_TO_PERMISSIONS' : 'indexing.save.failed',
        detail: reason,
      };
  }
}
