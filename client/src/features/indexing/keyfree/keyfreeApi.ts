// The data-extraction page request (contract/dataExtraction.ts, decision 030): the words of one
// page of the file being indexed. A page without words answers null (ERROR_NO_KFI_WORDS).
import { dataExtractionPaths, NO_KFI_WORDS_CODE, type PageWordsResponse } from '@gs/contract/dataExtraction';
import { ApiError, type Http } from '../../../api/http';
import type { SourceFile } from '../indexingApi';

function isNoWords(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  try {
    return (JSON.parse(error.body) as { Code?: unknown }).Code === NO_KFI_WORDS_CODE;
  } catch {
    return false;
  }
}

export async function getPageWords(
  http: Http,
  file: SourceFile,
  page: number,
): Promise<PageWordsResponse | null> {
  try {
    const words = await http.request<PageWordsResponse | null>(
      dataExtractionPaths.words(file.name, page, file.inboxId),
    );
    return words && Array.isArray(words.Words) && words.Words.length > 0 ? words : null;
  } catch (error) {
    if (isNoWords(error)) return null;
    throw error;
  }
}
