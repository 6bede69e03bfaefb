// Opening a document in the viewer from a grid (spec §4, §7): a viewer session is posted first,
// then /viewer/{hash} opens in a new tab or this window per the openNewTab setting (ctrl- or
// cmd-click always opens a new tab). A new tab is opened before the session call, so the browser
// counts it as the click's; it is closed again if the session fails (ERROR_CREATE_SESSION_MSG).
// When a viewer tab closes, the results grid reloads: resultsRefreshAtom counts closed viewers.
// Inbox files open the same way, with a session of InboxId and InboxFileName.
import { atom } from 'jotai';
import type { ViewerSessionRequest } from '@gs/contract/viewer';
import { createViewerSession } from '../../api/viewer';
import type { Http } from '../../api/http';
import type { DocumentRef } from '../../api/documents';
import { searchSettingAtom } from '../../state/preferences';
import { viewerPath } from './viewerParams';

/** The app's base path (Vite's base), for addresses opened in a new tab. */
export const appHref = (path: string): string =>
  new URL(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`, window.location.origin).toString();

/** Grows by one each time a viewer tab opened from a grid closes; the results page reloads on it. */
export const resultsRefreshAtom = atom(0);

/** How often an opened viewer tab is checked for having closed. */
export const VIEWER_CLOSED_POLL_MS = 1000;

/** An inbox file to view (its name with the extension). */
export interface InboxFileRef {
  db: number;
  inboxId: number;
  fileName: string;
}

export const isInboxFileRef = (doc: DocumentRef | InboxFileRef): doc is InboxFileRef => 'inboxId' in doc;

export interface OpenViewerRequest {
  /** an archive document, or an inbox file (a session of InboxId and InboxFileName) */
  doc: DocumentRef | InboxFileRef;
  terms?: string;
  searchId?: number;
  criteria?: string;
  newTab: boolean;
  token: string;
}

export interface OpenViewerDeps {
  http: Http;
  /** opens a blank tab (window.open) */
  openTab: () => Window | null;
  /** same-window navigation (the router) */
  navigate: (path: string) => void;
  /** full address of an app path (base path included) */
  href: (path: string) => string;
  onClosed: () => void;
  pollMs?: number;
}

export const inboxSessionRequest = (f: InboxFileRef): ViewerSessionRequest => ({
  Database: f.db,
  InboxId: f.inboxId,
  Documents: [{ InboxId: f.inboxId, InboxFileName: f.fileName }],
});

export function sessionRequestOf(r: OpenViewerRequest): ViewerSessionRequest {
  if (isInboxFileRef(r.doc)) return inboxSessionRequest(r.doc);
  return {
    Database: r.doc.db,
    Archive: r.doc.archive,
    SearchId: r.searchId,
    SearchCriteria: r.criteria,
    Documents: [
      { Archive: r.doc.archive, Id: r.doc.id, Hash: r.doc.hash, ContentSearchTerms: r.terms ?? '' },
    ],
  };
}

/** Posts the session and opens the viewer; throws when the session cannot be made. */
export async function openViewer(deps: OpenViewerDeps, r: OpenViewerRequest): Promise<void> {
  const tab = r.newTab ? deps.openTab() : null;
  let session: string;
  try {
    session = await createViewerSession(deps.http, sessionRequestOf(r));
  } catch (error) {
    tab?.close();
    throw error;
  }
  const path = isInboxFileRef(r.doc)
    ? viewerPath(
        { hash: r.doc.fileName, db: r.doc.db, archive: 0, id: 0, inboxId: r.doc.inboxId, session },
        r.newTab ? r.token : undefined,
      )
    : viewerPath(
        {
          hash: r.doc.hash,
          db: r.doc.db,
          archive: r.doc.archive,
          id: r.doc.id,
          session,
          terms: r.terms,
          searchId: r.searchId,
          criteria: r.criteria,
        },
        r.newTab ? r.token : undefined,
      );
  if (!tab) {
    if (r.newTab) window.open(deps.href(path), '_blank');
    else deps.navigate(path);
    return;
  }
  tab.location.href = deps.href(path);
  const timer = setInterval(() => {
    if (!tab.closed) return;
    clearInterval(timer);
    deps.onClosed();
  }, deps.pollMs ?? VIEWER_CLOSED_POLL_MS);
}

/** The openNewTab setting (part of the searchSetting local setting) as a boolean for a toggle. */
export const openNewTabAtom = atom(
  (get) => get(searchSettingAtom).openNewTab === true,
  (get, set, value: boolean) => set(searchSettingAtom, { ...get(searchSettingAtom), openNewTab: value }),
);
