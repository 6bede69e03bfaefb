// The 'inbox document select for append' modal (spec §2, §5): the files of an inbox with File
// Name, File Type, Date Created and Date Modified; the user picks one and whether its pages go
// after the checked document's (the document keeps them) or the document's pages go after the
// file's (the inbox file keeps them). From the inbox grid the checked item is itself an inbox
// file: it is left out of the list, and the modal opens on its inbox.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxFile } from '@gs/contract/inboxes';
import { fullName, getInboxPage, listInboxes } from '../../api/inboxes';
import { useApiQuery } from '../../api/useApiQuery';
import { ChoiceModal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useDateFormat } from '../../app/useDateFormat';
import { QueryBoundary, QueryFailure } from '../../components/QueryBoundary';

export type AppendInto = 'document' | 'inbox';

export interface AppendChoice {
  inboxId: number;
  /** the file's name with its extension */
  fileName: string;
  into: AppendInto;
}

/** Inbox files listed at once (the modal has no paging). */
const APPEND_FILE_LIMIT = 1000;

export interface AppendModalProps {
  onChoose: (choice: AppendChoice) => void;
  onClose: () => void;
  /** the checked inbox file (appending from the inbox grid): not offered, its inbox shown first */
  exclude?: { inboxId: number; fileName: string };
  /** the labels of the two directions, when the checked item is not an archive document */
  directions?: { intoDocument: string; intoInbox: string };
}

export function AppendModal({ onChoose, onClose, exclude, directions }: AppendModalProps) {
  const { t } = useTranslation();
  const [inboxes] = useApiQuery('append:inboxes', (http) => listInboxes(http));
  const [picked, setPicked] = useState<number | null>(null);
  const list = inboxes.status === 'success' ? inboxes.data : [];
  const start = list.find((i) => i.Id === exclude?.inboxId) ?? list[0];
  const inboxId = picked ?? start?.Id ?? null;
  const [file, setFile] = useState<string | null>(null);
  const [into, setInto] = useState<AppendInto>('document');

  return (
    <ChoiceModal
      title={t('documents.append.title')}
      onCancel={onClose}
      size="large"
      testId="append-select"
      confirmLabel={t('documents.actions.append')}
      canConfirm={inboxId !== null && file !== null}
      onConfirm={() => inboxId !== null && file !== null && onChoose({ inboxId, fileName: file, into })}
      confirmTestId="append-confirm"
    >
      {inboxes.status === 'loading' && <Spinner label={t('documents.append.loading')} />}
      <QueryFailure state={inboxes} error={t('documents.append.inboxesError')} />
      {inboxes.status === 'success' && list.length === 0 && (
        <p className="muted">{t('documents.append.noInboxes')}</p>
      )}
      {inboxId !== null && (
        <div className="stack">
          <label className="document-actions__inline-field">
            <span>{t('documents.append.inbox')}</span>
            <select
              value={inboxId}
              onChange={(event) => {
                setPicked(Number(event.target.value));
                setFile(null);
              }}
              data-testid="append-inbox"
            >
              {list.map((inbox) => (
                <option key={inbox.Id} value={inbox.Id}>
                  {inbox.Name}
                </option>
              ))}
            </select>
          </label>
          <InboxFiles
            inboxId={inboxId}
            selected={file}
            onSelect={setFile}
            exclude={exclude?.inboxId === inboxId ? exclude.fileName : undefined}
          />
          <fieldset className="document-actions__choice">
            <legend>{t('documents.append.direction')}</legend>
            <label>
              <input
                type="radio"
                name="append-into"
                checked={into === 'document'}
                onChange={() => setInto('document')}
              />
              {directions?.intoDocument ?? t('documents.append.intoDocument')}
            </label>
            <label>
              <input
                type="radio"
                name="append-into"
                checked={into === 'inbox'}
                onChange={() => setInto('inbox')}
              />
              {directions?.intoInbox ?? t('documents.append.intoInbox')}
            </label>
          </fieldset>
        </div>
      )}
    </ChoiceModal>
  );
}

function InboxFiles({
  inboxId,
  selected,
  onSelect,
  exclude,
}: {
  inboxId: number;
  selected: string | null;
  onSelect: (name: string) => void;
  /** a file not to offer (the checked one) */
  exclude?: string;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [files] = useApiQuery(`append:files:${inboxId}`, (http) =>
    getInboxPage(http, {
      inboxId,
      page: 1,
      pageSize: APPEND_FILE_LIMIT,
      sort: { key: 'name', descending: false },
    }),
  );
  if (files.status !== 'success')
    return (
      <QueryBoundary
        state={files}
        loading={t('documents.append.loading')}
        error={t('documents.append.filesError')}
      />
    );
  const offered = files.data.Files.filter((f) => fullName(f) !== exclude);
  if (offered.length === 0) return <p className="muted">{t('documents.append.noFiles')}</p>;
  const date = (text: string) => dates.dateTime(text);
  return (
    <div className="document-actions__files">
      <table className="document-actions__table" data-testid="append-files">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('documents.append.pick')}</span>
            </th>
            <th scope="col">{t('documents.append.fileName')}</th>
            <th scope="col">{t('documents.append.fileType')}</th>
            <th scope="col">{t('documents.append.dateCreated')}</th>
            <th scope="col">{t('documents.append.dateModified')}</th>
          </tr>
        </thead>
        <tbody>
          {offered.map((file: InboxFile) => {
            const name = fullName(file);
            return (
              <tr
                key={name}
                className={selected === name ? 'is-selected' : undefined}
                onClick={() => onSelect(name)}
              >
                <td>
                  <input
                    type="radio"
                    name="append-file"
                    checked={selected === name}
                    onChange={() => onSelect(name)}
                    aria-label={t('documents.append.pickFile', { name })}
                  />
                </td>
                <td>{file.FileName}</td>
                <td>{file.FileType}</td>
                <td>{date(file.DateCreated)}</td>
                <td>{date(file.DateModified)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
