// /viewer/{documentHash} (spec §2): the document viewer served with the client. It reads (or
// makes) the viewer session, then shows the document: pages, thumbnails, zoom, rotation, terms,
// the index panel, stamps, print and download. A session that cannot be made or read shows
// ERROR_CREATE_SESSION_MSG.
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArchivePermission } from '@gs/contract/flags';
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

export function ViewerPage() {
  const { t } = useTranslation();
  const { documentHash } = useParams();
  const [query] = useSearchParams();
  const params = parseViewerParams(documentHash, query);
  if (!params)
    return (
      <div className="viewer viewer--message">
        <Alert tone="error" testId="viewer-error">
          {t('ERROR_INCORRECT_PARAMETERS')}
        </Alert>
      </div>
    );
  return <ViewerSessionGate params={params} />;
}

function ViewerSessionGate({ params }: { params: ViewerParams }) {
  const { t } = useTranslation();
  const state = useViewerSession(params);
  if (state.status === 'loading')
    return (
      <div className="viewer viewer--message">
        <Spinner label={t('viewer.loading')} />
      </div>
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
      <div className="viewer viewer--message">
        <Alert tone="error" testId="viewer-error">
          {t('ERROR_CREATE_SESSION_MSG')}
        </Alert>
      </div>
    );
  return (
    <ViewerScreen
      params={params}
      doc={doc.InboxId ? withoutStamps(doc) : doc}
      key={`${params.db}:${doc.Archive}:${doc.Id}:${doc.InboxId}:${doc.InboxFileName}`}
    />
  );
}
