// What a results grid's cells need (resultsContext.ts), from the session, the display locale and
// the row words translated once for the page.
import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useFormatLocale } from '../../app/useFormatLocale';
import type { FieldSpec } from '../../lib/fieldSpec';
import { sessionAtom } from '../../state/session';
import { ID_SLOT, idTemplate, type ResultsContextValue } from './resultsContext';

export function useGridContext(
  db: number,
  archive: number,
  fields: FieldSpec[],
  editing: boolean,
): ResultsContextValue {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const session = useAtomValue(sessionAtom);
  const labels = useMemo(
    () => ({
      selectRow: idTemplate(t('results.selectRow', { id: ID_SLOT })),
      thumbnail: idTemplate(t('results.thumbnail', { id: ID_SLOT })),
      thumbnailHint: t('results.thumbnailHint'),
    }),
    [t],
  );
  return {
    db,
    archive,
    token: session?.token ?? '',
    locale,
    editing,
    licenseType: session?.licenseType ?? null,
    fields,
    labels,
  };
}
