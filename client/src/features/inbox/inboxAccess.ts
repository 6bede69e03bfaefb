// What the inbox list and an inbox's page both ask before taking files: whether the user may add
// to an inbox, and whether a drag carries files. Apart from InboxList, which the pages load lazily.
import type { DragEvent } from 'react';
import { useAtomValue } from 'jotai';
import { hasFlag, InboxPermission, LicenseType } from '@gs/contract/flags';
import type { Inbox } from '@gs/contract/inboxes';
import { sessionAtom } from '../../state/session';

/** Whether this user may put files into the inbox. */
export function useCanAdd(): (inbox: Pick<Inbox, 'Permissions'>) => boolean {
  const session = useAtomValue(sessionAtom);
  return (inbox) =>
    session?.licenseType !== LicenseType.ReadOnly && hasFlag(inbox.Permissions, InboxPermission.Add);
}

export const hasDraggedFiles = (event: DragEvent): boolean =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');
