// Pure rules of the user security administration: the principals as one sorted list, the
// permission bits the screen offers (wire §4) and how a mask reads as a quick permission.
import {
  AccountType,
  QUICK_PERMISSIONS,
  quickPermissionOf,
  type QuickPermission,
  type S9Group,
  type SecurityPrincipal,
} from '@gs/contract/admin/security';
import { ArchivePermission, InboxPermission } from '@gs/contract/flags';
import type { PrincipalLists } from '../../api/userAdmin';

export interface PrincipalRow {
  name: string;
  type: number;
  email: string;
  license: number;
  secured: boolean;
  /** groups: their members; users: the groups they are in */
  related: string[];
}

/** Users first, then groups, each by name; secured or not. */
export function principalRows({ secured, unsecured, groups }: PrincipalLists): PrincipalRow[] {
  const membersOf = new Map(groups.map((g: S9Group) => [g.Name.toLowerCase(), g.Users]));
  const groupsOf = (user: string) =>
    groups.filter((g) => g.Users.some((u) => u.toLowerCase() === user.toLowerCase())).map((g) => g.Name);
  const row = (p: SecurityPrincipal, isSecured: boolean): PrincipalRow => ({
    name: p.Name,
    type: p.Type,
    email: p.Email,
    license: p.License,
    secured: isSecured,
    related: p.Type === AccountType.Group ? (membersOf.get(p.Name.toLowerCase()) ?? []) : groupsOf(p.Name),
  });
  const all = [...secured.map((p) => row(p, true)), ...unsecured.map((p) => row(p, false))];
  // a group none has secured yet is still a group
  for (const g of groups)
    if (!all.some((r) => r.type === AccountType.Group && r.name.toLowerCase() === g.Name.toLowerCase()))
      all.push({
        name: g.Name,
        type: AccountType.Group,
        email: '',
        license: 0,
        secured: false,
        related: g.Users,
      });
  const rank = (r: PrincipalRow) => (r.type === AccountType.Group ? 1 : 0);
  return all.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export type ArchiveBitName = keyof typeof ArchivePermission;
export type InboxBitName = keyof typeof InboxPermission;
export const ARCHIVE_BITS = Object.entries(ArchivePermission) as [ArchiveBitName, number][];
export const INBOX_BITS = Object.entries(InboxPermission) as [InboxBitName, number][];
export const QUICK_NAMES = Object.keys(QUICK_PERMISSIONS) as QuickPermission[];

/** The quick permission a mask is, or 'CUSTOM'. */
export const quickOf = (mask: number): QuickPermission | 'CUSTOM' => quickPermissionOf(mask) ?? 'CUSTOM';

/** Toggle one bit; any bit switches View on, and View off clears everything (globalsearch-ux §16). */
export function toggleBit(mask: number, bit: number, on: boolean): number {
  if (bit === ArchivePermission.View && !on) return 0;
  const next = on ? mask | bit : mask & ~bit;
  return next ? next | ArchivePermission.View : 0;
}

/** The CSV a file or text holds, for the import; a header row is expected. */
export const CSV_EXAMPLE = 'Name,Password,Email,License';
