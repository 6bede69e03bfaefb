// A burst address (RequestedPages): asks the server for the new file of those pages (taking them
// out of the source with deleteBurstedPages) once per visit, then replaces the address with the
// new file's indexing address, so a reload or Back never bursts twice.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { serverReason, translateServerDetail } from '../../lib/serverTexts';
import type { BurstResponse } from '@gs/contract/upload';
import { ApiError } from '../../api/http';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { httpAtom } from '../../state/environment';
import { burstPages } from './indexingApi';
import { indexingPath, type IndexingTarget } from './indexingPath';
import { burstResultTarget, sourceFilesOf } from './indexingTargets';

/** One burst per history entry, shared by a remounted (strict mode) component. */
const started = new Map<string, Promise<BurstResponse>>();

function burstErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const message = serverReason(error) ?? '';
  if (/every page/i.test(message)) return 'ERROR_BURSTING_REMOVE_ALL_PAGES';
  if (/only tiff or pdf/i.test(message)) return 'ERROR_BURSTING_ON_EDOC';
  if (/select the pages/i.test(message)) return 'ERROR_NO_THUMBNAIL_SELECTED';
  return null;
}

export function ArrivalBurst({ target }: { target: IndexingTarget }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const [failed, setFailed] = useState<{ key: string | null; detail: string | null } | null>(null);
  const files = useMemo(() => sourceFilesOf(target), [target]);
  const several = files.length > 1;

  useEffect(() => {
    const [file] = files;
    if (several || !file || failed) return;
    const key = `${location.key}${location.search}`;
    let promise = started.get(key);
    if (!promise) {
      promise = burstPages(http, file, target.requestedPages ?? [], target.deleteBurstedPages ?? false);
      started.set(key, promise);
    }
    let live = true;
    promise.then(
      (result) => {
        if (!live) return;
        started.delete(key);
        void navigate(indexingPath(burstResultTarget(target, result.name)), { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        started.delete(key);
        if (error instanceof ApiError && error.licenseLoss) return;
        setFailed({
          key: burstErrorText(error),
          detail: serverReason(error),
        });
      },
    );
    return () => {
      live = false;
    };
  }, [files, several, failed, http, location.key, location.search, navigate, target]);

  if (several || failed)
    return (
      <div className="indexing indexing--message">
        <Alert tone="error" testId="indexing-error">
          {several
            ? t('ERROR_BURSTING_WITH_MULTIPLE_DOCS')
            : failed?.key
              ? t(failed.key as 'ERROR_BURSTING_ON_EDOC')
              : (translateServerDetail(t, failed?.detail) ?? t('indexing.burst.failed'))}
        </Alert>
        <button type="button" className="button" onClick={() => void navigate(-1)}>
          {t('indexing.back')}
        </button>
      </div>
    );
  return (
    <div className="indexing indexing--message">
      <Spinner label={t('indexing.burst.working')} />
    </div>
  );
}
