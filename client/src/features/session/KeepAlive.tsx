// Runs the licence keep-alive while someone is signed in (and not signing out).
import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { startKeepAlive } from '../../api/keepAlive';
import { httpAtom } from '../../state/environment';
import { isSignedInAtom, renewSessionAtom, sessionAtom, signingOutAtom } from '../../state/session';

export function KeepAlive({ intervalMs }: { intervalMs?: number }) {
  const store = useStore();
  const http = useAtomValue(httpAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const signingOut = useAtomValue(signingOutAtom);
  const active = signedIn && !signingOut;

  useEffect(() => {
    if (!active) return;
    return startKeepAlive({
      http,
      intervalMs,
      getToken: () => store.get(sessionAtom)?.token ?? null,
      onRenewed: (license) => store.set(renewSessionAtom, license),
    });
  }, [active, http, store, intervalMs]);

  return null;
}
