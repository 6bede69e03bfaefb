// The archive options item that opens the import utility. The utility (ImportModal) loads when
// the item is chosen, with its texts (the bulk part, decision 079), so the search screen's archive tree does not carry it (issue 11's budget). Closing it
// invalidates the database's archive counts.
import { lazy, Suspense } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import { invalidateAfterAtom } from '../../api/queryClient';
import { WithTexts } from '../../app/WithTexts';

const ImportModal = lazy(() => import('./ImportModal').then((m) => ({ default: m.ImportModal })));

export function useImportDataItems() {
  const { t } = useTranslation();
  const invalidate = useSetAtom(invalidateAfterAtom);
  return [
    {
      id: 'import-data',
      label: t('bulk.import.menu'),
      render: ({ db, archive, close }: { db: number; archive: Archive; close: () => void }) => (
        <Suspense fallback={null}>
          <WithTexts part="bulk">
            <ImportModal
              db={db}
              archive={archive}
              onClose={() => {
                // the import may have added documents: the archives' counts and lists load again
                invalidate('documents');
                close();
              }}
            />
          </WithTexts>
        </Suspense>
      ),
    },
  ];
}
