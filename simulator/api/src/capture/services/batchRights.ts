// Who may see and act on a batch portal (decision 028; our design, no public source shows it).
// A portal is seen by whoever may view its archive; acting on its batches (scan into, re-queue,
// reject, index) needs Add on that archive; deleting a batch needs the archive's Delete batches
// bit or the database's Delete batches level; portal administration is for user administrators
// (admin-spec §6: user admins get the batch admin button). Admins of the database hold all.
// A read-only licence (type 4) changes nothing here either (decisions 010, 048): every capture
// write (adding, re-queueing, rejecting, opening, indexing and deleting batches, administering
// portals) is 403 for it before anything else is looked at, as in the rest of the API.
import { ArchivePermission, DatabaseSecurity, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import { isReadOnly, type Caller } from '../../domain/caller';
import type { PortalRow } from '../repos/batchesRepo';
import { forbidden, notFound } from '../../domain/errors';
import { callerAccess } from '../../security/services/access';

export const batchMessages = {
  portal: (id: number) => `Batch portal ${id} was not found.`,
  batch: (portal: number, id: number) => `Batch ${id} was not found in batch portal ${portal}.`,
  document: (batch: number, id: number) => `Document ${id} was not found in batch ${batch}.`,
  notAdmin: 'Only a user administrator may administer batch portals.',
  cannotAct: (name: string) => `You may not work on the batches of portal '${name}'.`,
  cannotDelete: (name: string) => `You may not delete batches of portal '${name}'.`,
  analytics: (name: string) => `Portal '${name}' is an analytics portal; it holds no batches.`,
  readOnly: 'A read-only license cannot change batches or batch portals.',
};

export function batchRights(deps: RouteDeps, caller: Caller) {
  const access = callerAccess(deps.repos, caller);
  const { user } = access;
  const isPortalAdmin = user.isAdminAll || user.isUserAdmin;
  const archivePerms = (portal: PortalRow): number => {
    const archive = deps.repos.archives.byId(portal.archiveId);
    if (!archive || archive.databaseId !== portal.databaseId) return 0;
    return access.canSeeDatabase(portal.databaseId) ? access.archivePermissions(archive) : 0;
  };
  const canSee = (portal: PortalRow): boolean =>
    isPortalAdmin || hasFlag(archivePerms(portal), ArchivePermission.View);
  /** 403 for a read-only licence: the licence used, or the user's type for Basic calls */
  const requireWritable = (message: string = batchMessages.readOnly): void => {
    if (isReadOnly(caller)) throw forbidden(message);
  };

  return {
    user,
    isPortalAdmin,
    canSee,
    visiblePortals: (): PortalRow[] => deps.repos.batches.portals().filter(canSee),
    requireWritable,
    /** 403 unless the caller administers portals (and, for a change, holds a licence that writes) */
    requireAdmin(write = false): void {
      if (!isPortalAdmin) throw forbidden(batchMessages.notAdmin);
      if (write) requireWritable();
    },
    /** the portal, or 404 when it does not exist or the caller may not see it */
    portal(id: number): PortalRow {
      const portal = deps.repos.batches.portal(id);
      if (!portal || !canSee(portal)) throw notFound(batchMessages.portal(id));
      return portal;
    },
    /** 403 unless the caller may add documents through the portal with a licence that writes */
    requireAct(portal: PortalRow, readOnly?: string): void {
      if (!hasFlag(archivePerms(portal), ArchivePermission.Add))
        throw forbidden(batchMessages.cannotAct(portal.name));
      requireWritable(readOnly);
    },
    requireDelete(portal: PortalRow): void {
      requireWritable();
      const level = deps.repos.users.databaseLevels(user.id).get(portal.databaseId) ?? 0;
      const allowed =
        user.isAdminAll ||
        hasFlag(level, DatabaseSecurity.DeleteBatches) ||
        hasFlag(archivePerms(portal), ArchivePermission.DeleteBatches);
      if (!allowed) throw forbidden(batchMessages.cannotDelete(portal.name));
    },
  };
}
export type BatchRights = ReturnType<typeof batchRights>;
