// 'Upload into this portal' on /batches: the chosen files go to the upload cache (POST files) and
// become one new Queued batch of the portal (POST batches), as a scan does (decision 028).
import { useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerError } from '../../lib/serverTexts';
import { createBatch } from '../../api/capture';
import { captureHttpAtom } from '../../state/environment';
import { useUploadFiles } from '../capture/useUploadFiles';

export function BatchUpload({
  portalId,
  onDone,
}: {
  portalId: number;
  onDone: (failure: string | null) => void;
}) {
  const { t } = useTranslation();
  const http = useAtomValue(captureHttpAtom);
  const upload = useUploadFiles();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    try {
      const uploaded = await upload(files);
      if (uploaded.names.length)
        await createBatch(http, portalId, { Files: uploaded.names.map((Name) => ({ Name })) });
      onDone(null);
    } catch (error) {
      onDone(translateServerError(t, error, { detailFirst: true }) ?? t('batches.actions.failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    // the input is only visually hidden, so Tab reaches it and Enter or Space opens the file chooser
    <label className="button button--small button--file">
      {busy ? t('batches.list.uploading') : t('batches.list.upload')}
      <input
        ref={input}
        type="file"
        multiple
        className="visually-hidden"
        disabled={busy}
        accept=".tif,.tiff,.pdf,.png,.jpg,.jpeg,.gif,.bmp,.webp"
        onChange={(e) => void send([...(e.target.files ?? [])])}
      />
    </label>
  );
}
