// The stamps of the document in the viewer, kept by the server: loaded when the document opens,
// saved whole (PUT .../annotations) when one is placed or removed. The change shows at once and is
// taken back when the server refuses it; only the answer to the latest save is kept.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAnnotations, saveAnnotations } from '../../api/annotations';
import type { DocumentRef } from '../../api/documents';
import { ApiError, type Http } from '../../api/http';
import { translateServerError } from '../../lib/serverTexts';
import { annotationOf, stampOf, type PlacedStamp } from './stamps';

export interface DocumentStamps {
  stamps: PlacedStamp[];
  /** false when the server keeps no annotations (404/405: a GlobalSearch server without the route) */
  available: boolean;
  /** show `next` and save it as the document's whole set */
  save: (next: PlacedStamp[]) => void;
}

/** `doc` null: a file with no annotations of its own (an inbox file). */
export function useDocumentStamps(
  http: Http,
  doc: DocumentRef | null,
  onError: (message: string) => void,
): DocumentStamps {
  const { t } = useTranslation();
  const { db = 0, archive = 0, id = 0, hash = '' } = doc ?? {};
  // the stamps belong to one document: another document starts with none until its own load
  const key = `${db}:${archive}:${id}`;
  const [held, setHeld] = useState<{ key: string; stamps: PlacedStamp[] }>({ key, stamps: [] });
  const stamps = held.key === key ? held.stamps : [];
  const setStamps = useCallback((next: PlacedStamp[]) => setHeld({ key, stamps: next }), [key]);
  const saves = useRef(0);
  const [available, setAvailable] = useState(true);

  const failure = useCallback(
    (error: unknown, fallback: string) => onError(translateServerError(t, error) ?? fallback),
    [onError, t],
  );

  useEffect(() => {
    if (!id) return;
    let live = true;
    getAnnotations(http, { db, archive, id, hash }).then(
      (list) => live && setStamps(list.map(stampOf)),
      (error: unknown) => {
        if (!live) return;
        // a server with no annotation store: the viewer simply offers no stamps
        if (error instanceof ApiError && (error.status === 404 || error.status === 405)) setAvailable(false);
        else failure(error, t('annotations.loadFailed'));
      },
    );
    return () => {
      live = false;
    };
  }, [http, db, archive, id, hash, failure, setStamps, t]);

  const save = (next: PlacedStamp[]) => {
    const before = stamps;
    setStamps(next);
    if (!id) return;
    const mine = ++saves.current;
    saveAnnotations(http, { db, archive, id, hash }, next.map(annotationOf)).then(
      (stored) => mine === saves.current && setStamps(stored.map(stampOf)),
      (error: unknown) => {
        if (mine !== saves.current) return;
        setStamps(before);
        failure(error, t('annotations.saveFailed'));
      },
    );
  };

  return { stamps, available, save };
}
