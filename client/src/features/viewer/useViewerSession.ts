// The viewer's session: read it when the address names one, else post one for the addressed
// document (or inbox file) and put its id in the address (replace), so a reload reads the same session again;
// the session just made is not read a second time when its id arrives in the address.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import type { ViewerSession } from '@gs/contract/viewer';
import { createViewerSession, getViewerSession } from '../../api/viewer';
import { httpAtom } from '../../state/environment';
import { viewerPath, type ViewerParams } from './viewerParams';
import { inboxSessionRequest } from './viewerWindows';

export type SessionState =
  { status: 'loading' } | { status: 'ready'; session: ViewerSession } | { status: 'error'; error: unknown };

export function useViewerSession(params: ViewerParams): SessionState {
  const http = useAtomValue(httpAtom);
  const navigate = useNavigate();
  const [state, setState] = useState<{ key: string; value: SessionState } | null>(null);
  const [made, setMade] = useState<ViewerSession | null>(null);
  const key = JSON.stringify(params);
  const known = made && made._Id === params.session ? made : null;

  useEffect(() => {
    if (known) return;
    let live = true;
    const p = JSON.parse(key) as ViewerParams;
    const load = async (): Promise<ViewerSession> => {
      if (p.session) return getViewerSession(http, p.session);
      const id = await createViewerSession(
        http,
        p.inboxId
          ? inboxSessionRequest({ db: p.db, inboxId: p.inboxId, fileName: p.hash })
          : {
              Database: p.db,
              Archive: p.archive,
              SearchId: p.searchId ?? undefined,
              SearchCriteria: p.criteria || undefined,
              Documents: [{ Archive: p.archive, Id: p.id, Hash: p.hash, ContentSearchTerms: p.terms }],
            },
      );
      const session = await getViewerSession(http, id);
      if (live) {
        setMade(session);
        void navigate(viewerPath({ ...p, session: id }), { replace: true });
      }
      return session;
    };
    load().then(
      (session) => live && setState({ key, value: { status: 'ready', session } }),
      (error: unknown) => live && setState({ key, value: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [http, key, navigate, known]);

  if (known) return { status: 'ready', session: known };
  return state && state.key === key ? state.value : { status: 'loading' };
}
