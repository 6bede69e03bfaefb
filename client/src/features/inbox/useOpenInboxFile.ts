// Opening an inbox file in the viewer from the inbox grid (spec §3, §7): a viewer session of the
// file (InboxId, InboxFileName), then the viewer in a new tab or this window per the openNewTab
// setting (ctrl-click: a new tab); ERROR_CREATE_SESSION_MSG in the notifications when the session
// cannot be made. When the viewer tab closes, the inbox grid reloads (a page may have turned).
import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../api/inboxes';
import type { InboxFile } from '@gs/contract/inboxes';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { searchSettingAtom } from '../../state/preferences';
import { sessionAtom } from '../../state/session';
import { appHref, openViewer } from '../viewer/viewerWindows';
import { viewerFromState } from '../viewer/BackToResults';
import { inboxChangedAtom } from './inboxAtoms';

export function useOpenInboxFile(db: number, inboxId: number) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? '';
  const { openNewTab } = useAtomValue(searchSettingAtom);
  const addNote = useSetAtom(addNoteAtom);
  const changed = useSetAtom(inboxChangedAtom);
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (file: InboxFile, newTab: boolean) => {
      openViewer(
        {
          http,
          openTab: () => window.open('', '_blank'),
          navigate: (path) =>
            void navigate(path, { state: viewerFromState(location.pathname + location.search) }),
          href: appHref,
          onClosed: () => changed(),
        },
        {
          doc: { db, inboxId, fileName: fullName(file) },
          newTab: openNewTab === true || newTab,
          token,
        },
      ).catch(() => addNote({ type: NoteType.Error, text: t('ERROR_CREATE_SESSION_MSG') }));
    },
    [http, navigate, location, changed, db, inboxId, openNewTab, token, addNote, t],
  );
}
