// useUploadFiles for a screen that seldom uploads (the archive tree's options): the upload's code
// loads on the first upload (decision 079).
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import type { UploadFilesFn } from './useUploadFiles';

export function useUploadFilesOnUse(): UploadFilesFn {
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? null;
  return useCallback(
    async (items, onProgress, signal) =>
      (await import('./uploadAndRemember')).uploadAndRemember({ http, token }, items, onProgress, signal),
    [http, token],
  );
}
