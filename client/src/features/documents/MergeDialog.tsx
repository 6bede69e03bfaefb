// The merge dialog (spec §4 Merge object; globalsearch-ux §10, item 8): the checked documents in
// page order (check order, which the user may change here), the base document whose index values
// the new document takes (default: the first), the target archive (the base document's), and the
// plain statement that the originals are kept and a new document is made. The first document and
// the base must be PDF or TIFF, as the server requires.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getArchiveInfo } from '../../api/archives';
import { useCachedQuery } from '../../api/useApiQuery';
import { queryKeys } from '../../api/queryClient';
import { ChoiceModal } from '../../components/Modal';
import type { CheckedDocument } from '../results/selection';
import { MERGE_BASE_TYPES } from '../../actions/selectionRules';

export interface MergeChoice {
  /** the documents in page order */
  order: CheckedDocument[];
  /** the document whose index values the new document takes */
  base: CheckedDocument;
}

const canBeBase = (c: CheckedDocument): boolean => MERGE_BASE_TYPES.has(c.doc.FileType.toLowerCase());

/** A few of the document's values, so the user can tell the documents apart. */
const summaryOf = (c: CheckedDocument): string =>
  c.doc.Fields.map((f) => f.VAL)
    .filter((v) => typeof v === 'string' && v.trim() !== '')
    .slice(0, 3)
    .join(' · ');

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function MergeDialog({
  db,
  docs,
  onConfirm,
  onClose,
}: {
  db: number;
  /** the checked documents, in check order */
  docs: readonly CheckedDocument[];
  onConfirm: (choice: MergeChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<CheckedDocument[]>([...docs]);
  const [baseId, setBaseId] = useState<number | undefined>(docs.find(canBeBase)?.doc.Id);
  const base = order.find((c) => c.doc.Id === baseId);
  const [info] = useCachedQuery(base ? queryKeys.archiveInfo(db, base.archive) : null, (h) =>
    getArchiveInfo(h, db, base?.archive ?? 0),
  );
  const archiveName = info.status === 'success' ? info.data.Name : '';
  const firstOk = order[0] ? canBeBase(order[0]) : false;

  return (
    <ChoiceModal
      title={t('documents.mergeDialog.title', { count: order.length })}
      onCancel={onClose}
      testId="merge-dialog"
      confirmLabel={t('documents.actions.merge')}
      confirmTestId="merge-confirm"
      canConfirm={firstOk && base !== undefined}
      onConfirm={() => base && onConfirm({ order, base })}
    >
      <div className="stack">
        <p data-testid="merge-kept">
          <strong>{t('documents.mergeDialog.kept')}</strong>
        </p>
        <p className="muted">{t('documents.mergeDialog.order')}</p>
        <ol className="merge-dialog__order" data-testid="merge-order">
          {order.map((c, index) => (
            <li key={c.doc.Id} className="merge-dialog__item" data-testid={`merge-item-${c.doc.Id}`}>
              <label className="checkbox merge-dialog__base">
                <input
                  type="radio"
                  name="merge-base"
                  checked={c.doc.Id === baseId}
                  disabled={!canBeBase(c)}
                  onChange={() => setBaseId(c.doc.Id)}
                  aria-label={t('documents.mergeDialog.baseOf', { id: c.doc.Id })}
                />
                <span>
                  {t('documents.mergeDialog.document', { id: c.doc.Id, type: c.doc.FileType })}
                  <span className="muted merge-dialog__values">{summaryOf(c)}</span>
                </span>
              </label>
              <span className="merge-dialog__moves">
                <button
                  type="button"
                  className="icon-button"
                  disabled={index === 0}
                  aria-label={t('documents.mergeDialog.up', { id: c.doc.Id })}
                  onClick={() => setOrder((o) => move(o, index, index - 1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  disabled={index === order.length - 1}
                  aria-label={t('documents.mergeDialog.down', { id: c.doc.Id })}
                  onClick={() => setOrder((o) => move(o, index, index + 1))}
                >
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
        <p className="muted">{t('documents.mergeDialog.baseHint')}</p>
        {base && (
          <p data-testid="merge-target">
            {t('documents.mergeDialog.target', {
              id: base.doc.Id,
              archive: archiveName || String(base.archive),
            })}
          </p>
        )}
        {!firstOk && (
          <p className="field-error" role="alert">
            {t('documents.rules.mergeFirst')}
          </p>
        )}
      </div>
    </ChoiceModal>
  );
}
