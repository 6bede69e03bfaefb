// `uploadFiles` bound to this app's API address and licence token, for components (archive
// import, scanning, inbox upload). What each file was called is remembered for the indexing view.
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import type { UploadItem, UploadProgress, UploadResult } from '../../api/upload';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { uploadAndRemember } from './uploadAndRemember';

export type UploadFilesFn = (
  items: readonly UploadItem[],
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) => Promise<UploadResult>;

export function useUploadFiles(): UploadFilesFn {
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? null;
  return useCallback(
    (items, onProgress, signal) => uploadAndRemember({ http, token }, items, onProgress, signal),
    [http, token],
  );
}
