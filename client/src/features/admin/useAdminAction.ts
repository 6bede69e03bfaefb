// Runs one admin write: on success the status turns to saved and `after` runs (a reload); on
// failure the status turns to error and the server's Message is shown as a notification, in the
// user's language when the client knows it (lib/serverTexts.ts).
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Http } from '../../api/http';
import { translateServerError } from '../../lib/serverTexts';
import { httpAtom } from '../../state/environment';
import { reportErrorAtom, reportSavedAtom } from './adminAtoms';

export function useAdminAction() {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const saved = useSetAtom(reportSavedAtom);
  const failed = useSetAtom(reportErrorAtom);
  return async function run(work: (http: Http) => Promise<unknown>, after?: () => void): Promise<boolean> {
    try {
      await work(http);
      saved();
      after?.();
      return true;
    } catch (error) {
      failed(translateServerError(t, error) ?? t('admin.alert.failed'));
      return false;
    }
  };
}
