// The archive-select modal (spec §2) of copy and move: the archive tree (the view screen's,
// read-only) to pick the destination; the documents' own archive cannot be the destination of a
// move. With more than one database, a database selector (the databases the client loaded at
// sign-in) shows another database's tree, so documents can go to an archive there.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { ChoiceModal } from '../../components/Modal';
import { useKnownDatabases } from '../../api/useDatabases';
import { ArchiveTree } from '../view/ArchiveTree';

export interface ArchiveSelectModalProps {
  /** the database of the documents; its tree shows first */
  db: number;
  title: string;
  /** an archive of `db` that may not be chosen (the source of a move) */
  exclude?: number;
  confirmLabel: string;
  /** the chosen archive and the database it belongs to */
  onChoose: (archive: Archive, db: number) => void;
  onClose: () => void;
}

export function ArchiveSelectModal({
  db,
  title,
  exclude,
  confirmLabel,
  onChoose,
  onClose,
}: ArchiveSelectModalProps) {
  const { t } = useTranslation();
  const databases = useKnownDatabases();
  const [targetDb, setTargetDb] = useState(db);
  const [chosen, setChosen] = useState<Archive | null>(null);
  const same = chosen !== null && targetDb === db && chosen.Id === exclude;
  const other = targetDb === db ? undefined : databases.find((d) => d.Id === targetDb);
  return (
    <ChoiceModal
      title={title}
      onCancel={onClose}
      testId="archive-select"
      confirmLabel={confirmLabel}
      canConfirm={chosen !== null && !same}
      onConfirm={() => chosen && onChoose(chosen, targetDb)}
      confirmTestId="archive-select-confirm"
    >
      <p className="muted">{t('documents.archiveSelect.lead')}</p>
      {databases.length > 1 && (
        <label className="document-actions__inline-field document-actions__database">
          <span>{t('documents.archiveSelect.database')}</span>
          <select
            value={targetDb}
            onChange={(event) => {
              setTargetDb(Number(event.target.value));
              setChosen(null);
            }}
            data-testid="archive-select-database"
          >
            {databases.map((d) => (
              <option key={d.Id} value={d.Id}>
                {d.Name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="document-actions__tree">
        <ArchiveTree key={targetDb} db={targetDb} selected={chosen?.Id ?? null} onSelect={setChosen} />
      </div>
      <p className="document-actions__chosen" aria-live="polite">
        {chosen
          ? other
            ? t('documents.archiveSelect.chosenIn', { name: chosen.Name, database: other.Name })
            : t('documents.archiveSelect.chosen', { name: chosen.Name })
          : t('documents.archiveSelect.none')}
      </p>
      {same && <p className="document-actions__problem">{t('documents.archiveSelect.sameArchive')}</p>}
    </ChoiceModal>
  );
}
