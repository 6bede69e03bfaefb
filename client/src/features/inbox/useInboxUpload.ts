// Putting files into an inbox (wire doc §2.6-2.7): zero-byte files are dropped first (each named
// with ZERO_BYTE_FILE_REMOVED_MSG), the rest go to the server cache in one upload with a progress
// bar, then each cache file is posted into the inbox under its original name. Used by the import
// file option, the drop onto an inbox in the list and the drop onto an inbox's grid.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { addCacheFileToInbox } from '../../api/inboxes';
import { httpAtom } from '../../state/environment';
import { inboxChangedAtom } from './inboxAtoms';
import { inboxErrorText } from './inboxErrors';
import { uploaderAtom } from './cacheUpload';

export interface UploadStatus {
  inboxId: number;
  running: boolean;
  /** 0..1 */
  progress: number;
  /** names of zero-byte files left out */
  removed: string[];
  /** names that arrived in the inbox */
  added: string[];
  error: string | null;
}

export function useInboxUpload() {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const uploader = useAtomValue(uploaderAtom);
  const changed = useSetAtom(inboxChangedAtom);
  const [status, setStatus] = useState<UploadStatus | null>(null);

  const upload = async (inboxId: number, picked: File[]): Promise<void> => {
    const removed = picked.filter((f) => f.size === 0).map((f) => f.name);
    const files = picked.filter((f) => f.size > 0);
    const base: UploadStatus = {
      inboxId,
      running: files.length > 0,
      progress: 0,
      removed,
      added: [],
      error: null,
    };
    setStatus(base);
    if (files.length === 0) return;
    try {
      const result = await uploader(files, (progress) =>
        setStatus((s) => (s && s.inboxId === inboxId ? { ...s, progress } : s)),
      );
      const added: string[] = [];
      for (const [index, file] of result.files.entries()) {
        const original = file.originalName || files[index]?.name || file.name;
        added.push(await addCacheFileToInbox(http, inboxId, file.name, original));
      }
      const allRemoved = [...removed, ...result.skipped.filter((name) => !removed.includes(name))];
      setStatus({ ...base, running: false, progress: 1, removed: allRemoved, added });
      changed();
    } catch (error) {
      setStatus({ ...base, running: false, error: inboxErrorText(t, error) });
      changed();
    }
  };

  return { status, upload, dismiss: () => setStatus(null) };
}
