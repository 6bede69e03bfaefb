// Which inboxes a user may see and what they may do in each: inbox_security grants to the user
// and their groups (bits of InboxPermission); administrators of everything hold every bit.
// A read-only licence (type 4) may look but not add, modify, delete or move.
import { ALL_INBOX_PERMISSIONS, InboxPermission, hasFlag } from '@gs/contract/flags';
import type { Inbox } from '@gs/contract/inboxes';
import type { InboxRow } from '../repos/inboxesRepo';
import type { RouteDeps } from '../../deps';
import type { Caller } from '../../domain/caller';
import { forbidden, notFound } from '../../domain/errors';
import { requireEditingLicense } from '../../documents/services/documentAccess';

export const inboxNotFound = (id: number): string => `Inbox ${id} was not found.`;

export interface InboxRef {
  inbox: InboxRow;
  permissions: number;
}

export function inboxAccess(deps: RouteDeps, caller: Caller) {
  const { user } = caller;
  const granted = user.isAdminAll ? undefined : deps.repos.inboxes.permissions(user.id);
  const permissionsOf = (id: number): number => (granted ? (granted.get(id) ?? 0) : ALL_INBOX_PERMISSIONS);
  const canView = (id: number): boolean => hasFlag(permissionsOf(id), InboxPermission.View);

  return {
    /** the inboxes the user may view, without their files */
    visible(): Inbox[] {
      return deps.repos.inboxes
        .all()
        .filter((i) => canView(i.id))
        .map((i) => ({
          Id: i.id,
          Name: i.name,
          Path: i.path,
          Count: 0,
          Permissions: permissionsOf(i.id),
          Files: [],
        }));
    },
    /** the inbox, or 404 when it does not exist or the user may not view it */
    inbox(id: number): InboxRef {
      const inbox = deps.repos.inboxes.byId(id);
      if (!inbox || !canView(id)) throw notFound(inboxNotFound(id));
      return { inbox, permissions: permissionsOf(id) };
    },
    /** 403 unless the inbox grants `bit` and the licence may write */
    require(ref: InboxRef, bit: number, what: string): void {
      requireEditingLicense(caller);
      if (!hasFlag(ref.permissions, bit))
        throw forbidden(`You do not have permission to ${what} in inbox '${ref.inbox.name}'.`);
    },
  };
}
export type InboxAccess = ReturnType<typeof inboxAccess>;
