// The notice for empty files left out of an upload (spec §5: ZERO_BYTE_FILE_REMOVED_MSG with the
// file name; the key is the inboxes feature's), one line per file.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';

export function ZeroByteNotice({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  if (names.length === 0) return null;
  return (
    <Alert tone="warning" testId="zero-byte-notice">
      {names.map((name) => (
        <p key={name}>{t('ZERO_BYTE_FILE_REMOVED_MSG', { fileName: name })}</p>
      ))}
    </Alert>
  );
}
