// An upload that remembers what each file was called, for the indexing view (useUploadFiles).
import {
  uploadFiles,
  type UploadItem,
  type UploadProgress,
  type UploadResult,
  type UploadTarget,
} from '../../api/upload';
import { rememberTitles } from './fileTitle';

export async function uploadAndRemember(
  target: UploadTarget,
  items: readonly UploadItem[],
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const result = await uploadFiles(target, items, onProgress, signal);
  rememberTitles(result.files);
  return result;
}
