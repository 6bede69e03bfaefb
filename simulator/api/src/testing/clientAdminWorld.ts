// The administration console's client tests (issue 29 item 5, decision 082): what the shared
// client world (inProcess.ts) lacks and the API cannot make: the multi-database licence
// (`admin?feature=mdb`, a setting the registration never changes) and the log history of
// Invoices, 60 entries (three pages of 25). Everything else (stamps, rules, lists, searches) a
// test makes through the API itself.
import { auditInserter, setSetting } from '@gs/simulator-fixtures/builders';
import type { Db } from '../db/connection';
import type { World } from './testApp';

export const ADMIN_HISTORY_ENTRIES = 60;

/** the entries' time: 2024-01-01T00:00:00Z plus one minute an entry, the newest last */
const FIRST = Date.UTC(2024, 0, 1);

export function seedClientAdmin(db: Db, w: World): { history: number } {
  setSetting(db, 'feature.mdb', '1');
  const audit = auditInserter(db);
  for (let i = 0; i < ADMIN_HISTORY_ENTRIES; i++)
    audit({
      ...{ databaseId: w.alpha, archiveId: w.invoices, documentId: 1, userName: 'SSAdministrator' },
      ...{ category: 'viewed', message: `Invoices entry ${i + 1}`, time: FIRST + i * 60_000 },
    });
  return { history: ADMIN_HISTORY_ENTRIES };
}
