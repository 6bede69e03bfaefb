// The accessible name of a grid column that shows no header text (the thumbnail and View button
// columns): read by screen readers, not shown, so the header cell is not empty (axe
// empty-table-header).
import { useTranslation } from 'react-i18next';

export function HiddenHeader({ textKey }: { textKey: 'grid.columns.thumbnail' | 'grid.columns.view' }) {
  const { t } = useTranslation();
  return <span className="visually-hidden">{t(textKey)}</span>;
}
