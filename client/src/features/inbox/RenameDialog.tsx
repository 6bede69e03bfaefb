// Renaming an inbox file: the File Name without its extension (the server keeps the extension when
// NewName has none). A name must not be blank nor hold \ / : * ? " < > | (spec §5); a name that is
// taken comes back from the server (409) and is shown here.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxFile } from '@gs/contract/inboxes';
import { Modal } from '../../components/Modal';
import { inboxErrorText } from './inboxErrors';

const FORBIDDEN = /[\\/:*?"<>|]/;

export function renameProblem(name: string): 'blank' | 'characters' | null {
  if (!name.trim()) return 'blank';
  if (FORBIDDEN.test(name)) return 'characters';
  return null;
}

export function RenameDialog({
  file,
  onRename,
  onCancel,
}: {
  file: InboxFile;
  onRename: (newName: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(file.FileName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = renameProblem(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) {
      setError(t(`inbox.rename.${problem}`));
      return;
    }
    setBusy(true);
    try {
      await onRename(name.trim());
    } catch (failure) {
      setError(inboxErrorText(t, failure));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('inbox.rename.title')}
      onClose={onCancel}
      size="small"
      testId="inbox-rename"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="inbox-rename-form" className="button button--primary" disabled={busy}>
            {t('inbox.rename.save')}
          </button>
        </>
      }
    >
      <form id="inbox-rename-form" className="field" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="inbox-rename-name">{t('inbox.rename.label', { type: file.FileType })}</label>
        <input
          id="inbox-rename-name"
          className="input"
          value={name}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? 'inbox-rename-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id="inbox-rename-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
