// The viewer of one document: toolbar (page navigation, zoom in/out and fit width, rotate left and
// right saved into the file through Processing.ashx, stamps, print, download, index panel), the
// thumbnail strip, the page, and the index panel. Rotation needs Modify Pages (65536) and a licence
// that may edit; stamps need Modify Annotations (2048); print needs Print (16). An inbox file
// (InboxId in the session) is drawn from the inbox routes, turns through Processing.ashx by
// InboxId and InboxFileName (the inbox's Modify Pages), and has no index panel. Those rules are the
// action registry's (actions/viewerActions.ts); the screen's state is one reducer's (viewerState.ts).
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerError } from '../../lib/serverTexts';
import type { ViewerSessionDoc } from '@gs/contract/viewer';
import {
  viewerActions,
  type ViewerActionEffects,
  type ViewerActionId,
  type ViewerActionState,
} from '../../actions/viewerActions';
import type { DocumentRef } from '../../api/documents';
import {
  inboxPageImageUrl,
  inboxViewerFileUrl,
  pageImageUrl,
  rotateDocumentPage,
  rotateInboxPage,
  viewerFileUrl,
} from '../../api/viewer';
import { useFormatLocale } from '../../app/useFormatLocale';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { searchWords } from './highlight';
import { BackToResults } from './BackToResults';
import { IndexPanel } from './IndexPanel';
import { ImagePageView, PdfPageView, usePaneWidth } from './PageView';
import type { PdfFile } from './pdfEngine';
import { StampLayer } from './StampLayer';
import { StampMenu } from './StampMenu';
import { moveStamp, newStamp, type PlacedStamp } from './stamps';
import { Thumbnails, THUMB_WIDTH } from './Thumbnails';
import { useDocumentStamps } from './useDocumentStamps';
import type { ViewerParams } from './viewerParams';
import { initialViewerState, shownScale, viewerReducer } from './viewerState';

const IMAGE_TYPES = /^\.(tiff?|jpe?g|png|gif|bmp|webp)$/i;

export function ViewerScreen({ params, doc }: { params: ViewerParams; doc: ViewerSessionDoc }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const locale = useFormatLocale();
  const token = session?.token ?? '';
  const ref: DocumentRef = useMemo(
    () => ({ db: params.db, archive: doc.Archive, id: doc.Id, hash: doc.Hash }),
    [params.db, doc.Archive, doc.Id, doc.Hash],
  );
  const { InboxId: inboxId, InboxFileName: inboxFileName } = doc;
  const type = doc.FileType.toLowerCase();
  const kind = type === '.pdf' ? 'pdf' : IMAGE_TYPES.test(type) ? 'image' : 'other';
  // which of the document's actions show: the registry's rules (actions/viewerActions.ts)
  const actionState: ViewerActionState = {
    licenseType: session?.licenseType ?? null,
    permissions: doc.Permissions,
    fileType: doc.FileType,
    inboxFile: Boolean(doc.InboxId),
  };
  const shows = (id: ViewerActionId) => viewerActions.get(id).allowed(actionState) === true;

  const [state, dispatch] = useReducer(viewerReducer, initialViewerState);
  const { version, page, zoom, pdf, failure, notice, rotating, indexOpen, armed } = state;
  const setNotice = useCallback((text: string | null) => dispatch({ type: 'notice', text }), [dispatch]);
  const setArmed = (stamp: string | null) => dispatch({ type: 'armed', stamp });
  const setFailure = useCallback((text: string) => dispatch({ type: 'failed', text }), [dispatch]);
  const {
    stamps,
    available: stampsKept,
    save: saveStamps,
  } = useDocumentStamps(http, doc.InboxId ? null : ref, setNotice);
  const canStamp = shows('stamp') && stampsKept;
  const pane = useRef<HTMLDivElement>(null);
  const paneWidth = usePaneWidth(pane);
  const terms = useMemo(
    () => searchWords(doc.ContentSearch || params.terms),
    [doc.ContentSearch, params.terms],
  );
  const fileUrl = inboxId
    ? inboxViewerFileUrl(http, inboxId, inboxFileName, token, version)
    : viewerFileUrl(http, ref, token, version);

  useEffect(() => {
    if (kind !== 'pdf') return;
    let live = true;
    let opened: PdfFile | null = null;
    import('./pdfEngine')
      .then((engine) => engine.openPdf(fileUrl))
      .then(
        (file) => {
          opened = file;
          if (live) dispatch({ type: 'pdfOpened', pdf: file });
          else file.close();
        },
        () => live && setFailure(t('viewer.loadFailed')),
      );
    return () => {
      live = false;
      // the page and thumbnails stop drawing from the old file before it is closed
      dispatch({ type: 'pdfOpened', pdf: null });
      opened?.close();
    };
  }, [kind, fileUrl, t, setFailure]);

  const pageCount = kind === 'pdf' ? (pdf?.pageCount ?? 0) : Math.max(1, doc.PageCount);
  const goTo = (n: number) => dispatch({ type: 'pageChosen', page: n, pageCount });
  const imageSrc = useCallback(
    (n: number, width?: number) =>
      inboxId
        ? inboxPageImageUrl(http, inboxId, inboxFileName, token, n, version, width)
        : pageImageUrl(http, ref, token, n, version, width),
    [http, ref, token, version, inboxId, inboxFileName],
  );
  const onDrawn = useCallback((scale: number) => dispatch({ type: 'drawn', scale }), [dispatch]);
  const onPdfError = useCallback(() => setFailure(t('viewer.loadFailed')), [t, setFailure]);

  const rotate = async (degrees: number) => {
    dispatch({ type: 'rotateStarted' });
    try {
      await (inboxId
        ? rotateInboxPage(http, inboxId, inboxFileName, page, degrees)
        : rotateDocumentPage(http, ref, page, degrees));
      dispatch({ type: 'rotated' });
    } catch (error) {
      setNotice(translateServerError(t, error) ?? t('viewer.rotateFailed'));
    } finally {
      dispatch({ type: 'rotateEnded' });
    }
  };

  /** what the toolbar's actions do; `stamp`: the one the menu chose, armed for the next click */
  const effects = (stamp: string | null = null): ViewerActionEffects => ({
    rotate: (degrees) => void rotate(degrees),
    arm: () => setArmed(stamp),
    print: () => window.print(),
  });

  const placeStamps = (next: PlacedStamp[]) => {
    setNotice(null);
    saveStamps(next);
  };
  const pageStamps = (
    <StampLayer
      stamps={stamps.filter((s) => s.page === page)}
      canEdit={canStamp}
      armed={canStamp ? armed : null}
      onPlace={(at) => {
        if (armed === null) return;
        setArmed(null);
        placeStamps([...stamps, newStamp(stamps, page, armed, at ?? undefined)]);
      }}
      onCancel={() => setArmed(null)}
      onMove={(id, at) => placeStamps(moveStamp(stamps, id, at))}
      onRemove={(id) => placeStamps(stamps.filter((s) => s.id !== id))}
    />
  );
  const pageLabel = t('viewer.pageOf', { page, total: pageCount });
  const percent = Math.round(shownScale(state) * 100);

  return (
    <main className="viewer" data-testid="viewer">
      <div className="viewer__toolbar" role="toolbar" aria-label={t('viewer.toolbar')}>
        <BackToResults db={params.db} archive={doc.Archive} />
        <h1 className="viewer__title">
          {inboxId
            ? t('inboxOps.viewer.title', { name: inboxFileName })
            : t('viewer.title', { archive: doc.ArchiveName, id: doc.Id })}
        </h1>
        <div className="viewer__group">
          <button
            type="button"
            className="button button--small"
            onClick={() => goTo(page - 1)}
            disabled={page <= 1}
          >
            {t('viewer.previous')}
          </button>
          <label className="viewer__page-input">
            <span className="visually-hidden">{t('viewer.pageNumber')}</span>
            <input
              type="number"
              className="input"
              min={1}
              max={pageCount || 1}
              value={page}
              aria-label={t('viewer.pageNumber')}
              onChange={(event) => goTo(Number(event.target.value) || 1)}
            />
          </label>
          <span data-testid="viewer-page-count">{t('viewer.ofCount', { total: pageCount })}</span>
          <button
            type="button"
            className="button button--small"
            onClick={() => goTo(page + 1)}
            disabled={page >= pageCount}
          >
            {t('viewer.next')}
          </button>
        </div>
        <div className="viewer__group">
          <button
            type="button"
            className="button button--small"
            onClick={() => dispatch({ type: 'zoomStep', direction: -1 })}
          >
            {t('viewer.zoomOut')}
          </button>
          <span className="viewer__zoom" data-testid="viewer-zoom">
            {t('viewer.zoomPercent', { percent })}
          </span>
          <button
            type="button"
            className="button button--small"
            onClick={() => dispatch({ type: 'zoomStep', direction: 1 })}
          >
            {t('viewer.zoomIn')}
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={zoom.fit}
            onClick={() => dispatch({ type: 'fitWidth' })}
          >
            {t('viewer.fitWidth')}
          </button>
        </div>
        {shows('rotateLeft') && (
          <div className="viewer__group">
            {(['rotateLeft', 'rotateRight'] as const).map((id) => (
              <button
                key={id}
                type="button"
                className="button button--small"
                disabled={rotating}
                onClick={() => viewerActions.get(id).perform({ ...actionState, ...effects() })}
              >
                {t(viewerActions.get(id).label)}
              </button>
            ))}
          </div>
        )}
        <div className="viewer__group">
          {canStamp && (
            <StampMenu
              user={session?.username ?? ''}
              locale={locale}
              onChoose={(stamp) => viewerActions.get('stamp').perform({ ...actionState, ...effects(stamp) })}
            />
          )}
          {shows('print') && (
            <button
              type="button"
              className="button button--small"
              onClick={() => viewerActions.get('print').perform({ ...actionState, ...effects() })}
            >
              {t(viewerActions.get('print').label)}
            </button>
          )}
          <a
            className="button button--small"
            href={fileUrl}
            download={inboxId ? inboxFileName : `${doc.Id}${type}`}
            data-testid="viewer-download"
          >
            {t('viewer.download')}
          </a>
          {!inboxId && (
            <button
              type="button"
              className="button button--small"
              aria-pressed={indexOpen}
              onClick={() => dispatch({ type: 'indexToggled' })}
            >
              {t('viewer.indexPanel')}
            </button>
          )}
        </div>
      </div>
      {notice && (
        <div className="viewer__notice">
          <Alert tone="error" testId="viewer-notice">
            {notice}
          </Alert>
        </div>
      )}
      <div className="viewer__body">
        {kind !== 'other' && pageCount > 0 && (
          <Thumbnails
            pageCount={pageCount}
            page={page}
            onPage={goTo}
            pdf={kind === 'pdf' ? pdf : null}
            imageSrc={kind === 'image' ? (n) => imageSrc(n, THUMB_WIDTH * 2) : null}
          />
        )}
        {/* a scrolling region the keyboard can reach and scroll (axe scrollable-region-focusable) */}
        <div
          className="viewer__pane"
          ref={pane}
          data-testid="viewer-pane"
          role="region"
          aria-label={pageLabel}
          tabIndex={0}
        >
          {failure ? (
            <Alert tone="error" testId="viewer-error">
              {failure}
            </Alert>
          ) : kind === 'pdf' ? (
            pdf ? (
              <PdfPageView
                pdf={pdf}
                page={page}
                zoom={zoom}
                paneWidth={paneWidth}
                terms={terms}
                label={pageLabel}
                onDrawn={onDrawn}
                onError={onPdfError}
              >
                {pageStamps}
              </PdfPageView>
            ) : (
              <Spinner label={t('viewer.loading')} />
            )
          ) : kind === 'image' ? (
            <ImagePageView
              src={imageSrc(page)}
              page={page}
              zoom={zoom}
              paneWidth={paneWidth}
              label={pageLabel}
              onError={() => setFailure(t('viewer.loadFailed'))}
            >
              {pageStamps}
            </ImagePageView>
          ) : (
            <Alert tone="info" testId="viewer-native">
              {t('viewer.cannotShow', { type: type || '?' })}
            </Alert>
          )}
        </div>
        {indexOpen && !inboxId && (
          <aside className="viewer__index" aria-label={t('viewer.indexPanel')}>
            <IndexPanel doc={ref} locale={locale} licenseType={session?.licenseType ?? null} />
          </aside>
        )}
      </div>
    </main>
  );
}
