// Who may run a user action and start a workflow by API (issue 26, decision 048; our design, the
// spec only shows an action's UsersAndGroups). An action lists user and group names, separated by
// commas: a user may run it when it lists none, or lists the user or one of the user's groups
// (names compared without regard to case, as queues compare theirs). Running an action or starting
// a workflow changes the documents (a workflow sets fields and moves them), so it also needs
// Modify data (1024) on the documents' archive. Starting a workflow by API
// (`POST workflowdesigner/documents`) needs, besides, an administrator of the database or a
// workflow bound to the archive (decision 025: the workflow its imports enter).
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { Repos } from '../../db/repos';
import type { UserActionRow } from '../repos/userActionsRepo';
import type { UserAccess } from '../../security/services/access';

/** The names an action lists (trimmed, lower case); empty: everyone may run it. */
export const actionPrincipals = (usersAndGroups: string): string[] =>
  usersAndGroups
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);

export interface ActionRights {
  /** Modify data on the archive: without it no action is runnable there */
  canModify: boolean;
  /** whether the action lists the user, one of their groups, or nobody */
  mayRun(action: Pick<UserActionRow, 'usersAndGroups'>): boolean;
}

/** The caller's rights over the user actions of `archive`. */
export function actionRights(repos: Repos, access: UserAccess, archive: ArchiveRow): ActionRights {
  const canModify = hasFlag(access.archivePermissions(archive), ArchivePermission.ModifyData);
  let names: Set<string> | undefined;
  return {
    canModify,
    mayRun(action) {
      if (!canModify) return false;
      const listed = actionPrincipals(action.usersAndGroups);
      if (listed.length === 0) return true;
      names ??= new Set(repos.workflows.principalNames(access.user.id).map((n) => n.toLowerCase()));
      return listed.some((n) => names?.has(n));
    },
  };
}

export const actionMessages = {
  // the words of documentMessages.permission (documentAccess.ts)
  modify: (archive: ArchiveRow) =>
    `You do not have permission to run user actions or workflows in archive '${archive.name}'.`,
  notListed: (name: string) =>
    `You are not one of the users or groups who may run the user action '${name}'.`,
  notBound: (workflow: string, archive: ArchiveRow) =>
    `The workflow '${workflow}' is not bound to archive '${archive.name}'; only an administrator of the database may start it there.`,
};

/** Why the caller may not run `action` in the archive, or undefined when they may. */
export function actionRefusal(
  rights: ActionRights,
  action: UserActionRow,
  archive: ArchiveRow,
): string | undefined {
  if (!rights.canModify) return actionMessages.modify(archive);
  if (!rights.mayRun(action)) return actionMessages.notListed(action.name);
  return undefined;
}

/** Why the caller may not start `workflowId` on documents of the archive by API, or undefined. */
export function workflowStartRefusal(
  repos: Repos,
  access: UserAccess,
  archive: ArchiveRow,
  workflow: { id: number; name: string },
): string | undefined {
  if (!hasFlag(access.archivePermissions(archive), ArchivePermission.ModifyData))
    return actionMessages.modify(archive);
  if (access.isDbAdmin(archive.databaseId)) return undefined;
  return repos.workflows.boundTo(archive.id).includes(workflow.id)
    ? undefined
    : actionMessages.notBound(workflow.name, archive);
}
