// Upload to the server cache for an inbox: the shared `POST files` upload (api/upload.ts) with its
// progress as a fraction. Tests replace the uploader through uploaderOverrideAtom.
import { atom } from 'jotai';
import type { UploadedFile } from '@gs/contract/upload';
import { uploadFiles } from '../../api/upload';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';

export interface CacheUploadResult {
  files: UploadedFile[];
  /** names left out because they are empty */
  skipped: string[];
}

/** `onProgress` gets the fraction (0..1) of the bytes sent. */
export type Uploader = (files: File[], onProgress: (fraction: number) => void) => Promise<CacheUploadResult>;

/** Set by tests; null = the real upload. */
export const uploaderOverrideAtom = atom<Uploader | null>(null);

export const uploaderAtom = atom<Uploader>((get) => {
  const override = get(uploaderOverrideAtom);
  if (override) return override;
  const target = { http: get(httpAtom), token: get(sessionAtom)?.token ?? null };
  return (files, onProgress) => uploadFiles(target, files, (p) => onProgress(p.fraction));
});
