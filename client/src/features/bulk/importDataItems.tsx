// The archive options item that opens the import utility. The utility (ImportModal) loads when
// the item is chosen, so the search screen's archive tree does not carry it (issue 11's budget).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';

const ImportModal = lazy(() => import('./ImportModal').then((m) => ({ default: m.ImportModal })));

export function useImportDataItems() {
  const { t } = useTranslation();
  return [
    {
      id: 'import-data',
      label: t('bulk.import.menu'),
      render: ({ db, archive, close }: { db: number; archive: Archive; close: () => void }) => (
        <Suspense fallback={null}>
          <ImportModal db={db} archive={archive} onClose={close} />
        </Suspense>
      ),
    },
  ];
}
