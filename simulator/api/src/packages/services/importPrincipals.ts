// The users and groups an import adds (decision 031): those the wizard chose and the server
// lacks, users with their own password or the wizard's one (hashed before the group's
// transaction), groups with the members the server has; existing ones are kept as they are, and
// an e-mail shared by two users is a warning in the log.
import type { ImportUser } from '@gs/contract/admin/packages';
import type { Db } from '../../db/connection';
import { hashPasswordAsync } from '../../security/services/passwords';
import type { ImportChoices, ImportLogger } from './packageImport';

const LICENSES = new Set([1, 2, 4]);

/** Run `work` as one transaction; on failure log it and answer false. */
export function group(db: Db, log: ImportLogger, name: string, work: () => void): boolean {
  try {
    db.transaction(work)();
    return true;
  } catch (e) {
    log.error(`${name}: ${e instanceof Error ? e.message : String(e)} (rolled back)`);
    return false;
  }
}

function warnDuplicateEmails(db: Db, users: ImportUser[], log: ImportLogger): void {
  const taken = db
    .prepare(`SELECT name FROM users WHERE email = ? COLLATE NOCASE AND email <> '' LIMIT 1`)
    .pluck();
  const seen = new Map<string, string>();
  for (const u of users) {
    const email = u.Email.trim().toLowerCase();
    if (!email) continue;
    const other = seen.get(email) ?? (taken.get(email) as string | undefined);
    if (other && other.toLowerCase() !== u.Name.toLowerCase())
      log.warn(`The e-mail ${u.Email} of user ${u.Name} is also the e-mail of ${other}.`);
    seen.set(email, u.Name);
  }
}

export async function addUsers(db: Db, choices: ImportChoices, log: ImportLogger): Promise<boolean> {
  warnDuplicateEmails(db, choices.usersToAdd, log);
  const exists = db.prepare(`SELECT id FROM users WHERE name = ?`).pluck();
  const prepared: { user: ImportUser; hash: string }[] = [];
  for (const user of choices.usersToAdd) {
    if (exists.get(user.Name) !== undefined) {
      log.info(`User ${user.Name} already exists; kept as it is.`);
      continue;
    }
    const password = user.Password || choices.password;
    if (!password) {
      log.error(`User ${user.Name}: no password was given; not added.`);
      continue;
    }
    prepared.push({ user, hash: await hashPasswordAsync(password) });
  }
  const insert = db.prepare(
    `INSERT INTO users(name, password_hash, license_type, email) VALUES (?, ?, ?, ?)`,
  );
  return group(db, log, 'Users', () => {
    for (const { user, hash } of prepared) {
      insert.run(user.Name, hash, LICENSES.has(user.License) ? user.License : 2, user.Email);
      log.info(`User ${user.Name} added.`);
    }
  });
}

export function addGroups(db: Db, choices: ImportChoices, log: ImportLogger): boolean {
  const groupId = db.prepare(`SELECT id FROM groups WHERE name = ?`).pluck();
  const userId = db.prepare(`SELECT id FROM users WHERE name = ?`).pluck();
  const insert = db.prepare(`INSERT INTO groups(name) VALUES (?)`);
  const member = db.prepare(`INSERT OR IGNORE INTO group_members(group_id, user_id) VALUES (?, ?)`);
  return group(db, log, 'Groups', () => {
    for (const g of choices.groupsToAdd) {
      if (groupId.get(g.Name) !== undefined) {
        log.info(`Group ${g.Name} already exists; kept as it is.`);
        continue;
      }
      const id = Number(insert.run(g.Name).lastInsertRowid);
      const members = g.Users.map((u) => [u, userId.get(u) as number | undefined] as const);
      members.forEach(([, uid]) => uid !== undefined && member.run(id, uid));
      const missing = members.filter(([, uid]) => uid === undefined).map(([u]) => u);
      log.info(
        `Group ${g.Name} added${missing.length ? `; members not on this server: ${missing.join(', ')}` : ''}.`,
      );
    }
  });
}
