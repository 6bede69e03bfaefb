// /viewer/{documentHash} (spec §2): the document viewer served with the client. It reads (or
// makes) the viewer session, then shows the document: pages, thumbnails, zoom, rotation, terms,
// the index panel, stamps, print and download. A session that cannot be made or read shows
// ERROR_CREATE_SESSION_MSG.
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArchivePermission } from '@gs/contract/flags';
import type { ReactNode } from 'react';
import type { ViewerSessionDoc } from '@gs/contract/viewer';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { ViewerScreen } from './ViewerScreen';
import { parseViewerParams, type ViewerParams } from './viewerParams';
import { useViewerSession } from './useViewerSession';
import './viewer.css';

/** Stamps are kept per archive document: an inbox file's viewer offers none. */
const withoutStamps = (doc: ViewerSessionDoc): ViewerSessionDoc => ({
  ...doc,
  Permissions: doc.Permissions & ~ArchivePermission.ModifyAnnotations,
});

/** The viewer's page while it has no document to show: a message in the page's main landmark,
 * under the viewer's heading (the document's title is the heading once it shows). */
function ViewerMessage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="viewer viewer--message">
      <h1 className="visually-hidden">{t('viewer.heading')}</h1>
      {children}
    </main>
  );
}

export function ViewerPage() {
  const { t } = useTranslation();
  const { documentHash } = useParams();
  const [query] = useSearchParams();
  const params = parseViewerParams(documentHash, query);
  if (!params)
    return (
      <ViewerMessage>
        <Alert tone="error" testId="viewer-error">
          {t('ERROR_INCORRECT_PARAMETERS')}
        </Alert>
      </ViewerMessage>
    );
  return <ViewerSessionGate params={params} />;
}

function ViewerSessionGate({ params }: { params: ViewerParams }) {
  const { t } = useTranslation();
  const state = useViewerSession(params);
  if (state.status === 'loading')
    return (
      <ViewerMessage>
        <Spinner label={t('viewer.loading')} />
      </ViewerMessage>
    );
  const doc =
    state.status === 'ready'
      ? (state.session.Documents.find((d) =>
          params.inboxId
            ? d.InboxId === params.inboxId && d.InboxFileName === params.hash
            : d.Id === params.id,
        ) ?? state.session.Documents[0])
      : undefined;
  // a session that failed has no document either
  if (!doc)
    return (
      <ViewerMessage>
        <Alert tone="error" testId="viewer-error">
          {t('ERROR_CREATE_SESSION_MSG')}
        </Alert>
      </ViewerMessage>
    );
  return (
    <ViewerScreen
      params={params}
      doc={doc.InboxId ? withoutStamps(doc) : doc}
      key={`${params.db}:${doc.Archive}:${doc.Id}:${doc.InboxId}:${doc.InboxFileName}`}
    />
  );
}
