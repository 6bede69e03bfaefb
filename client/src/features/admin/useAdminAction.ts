// Runs one admin write: on success the status turns to saved, what an admin write changes is
// invalidated (the catalogue, the tree, searches, lists, stamps, inboxes, security: decision 064)
// and `after` runs; on
// failure the status turns to error and the server's Message is shown as a notification, in the
// user's language when the client knows it (lib/serverTexts.ts).
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Http } from '../../api/http';
import { invalidateAfterAtom } from '../../api/queryClient';
import { translateServerError } from '../../lib/serverTexts';
import { httpAtom } from '../../state/environment';
import { reportErrorAtom, reportSavedAtom } from './adminAtoms';

export function useAdminAction() {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const saved = useSetAtom(reportSavedAtom);
  const failed = useSetAtom(reportErrorAtom);
  const invalidate = useSetAtom(invalidateAfterAtom);
  return async function run(work: (http: Http) => Promise<unknown>, after?: () => void): Promise<boolean> {
    try {
      await work(http);
      saved();
      invalidate('admin');
      after?.();
      return true;
    } catch (error) {
      failed(translateServerError(t, error) ?? t('admin.alert.failed'));
      return false;
    }
  };
}
