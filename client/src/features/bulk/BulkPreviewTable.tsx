// The dry run's answer (beyond the real product): per document, every field that would change
// with its old and new value, and the error a document would fail with, before anything is written.
import { useTranslation } from 'react-i18next';
import { translateHelperMessage } from './bulkMessages';
import { BULK_PREVIEW_LIMIT, type BulkPreviewRow } from '@gs/contract/helperBulk';

export function BulkPreviewTable({ rows }: { rows: BulkPreviewRow[] }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return <p className="hint">{t('bulk.preview.empty')}</p>;
  return (
    <div className="bulk-preview" data-testid="bulk-preview">
      <table className="bulk-table">
        <caption>{t('bulk.preview.caption', { count: rows.length, limit: BULK_PREVIEW_LIMIT })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulk.preview.document')}</th>
            <th scope="col">{t('bulk.preview.field')}</th>
            <th scope="col">{t('bulk.preview.old')}</th>
            <th scope="col">{t('bulk.preview.new')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap((row) =>
            row.Error
              ? [
                  <tr key={`${row.ArchiveID}:${row.DocID}`} className="bulk-table__error">
                    <td>{row.DocID}</td>
                    <td colSpan={3}>{translateHelperMessage(t, i18n, row.Error)}</td>
                  </tr>,
                ]
              : row.Fields.map((f) => (
                  <tr key={`${row.ArchiveID}:${row.DocID}:${f.FieldID}`}>
                    <td>{row.DocID}</td>
                    <td>{f.Name}</td>
                    <td>{f.Old}</td>
                    <td>{f.New}</td>
                  </tr>
                )),
          )}
        </tbody>
      </table>
    </div>
  );
}
