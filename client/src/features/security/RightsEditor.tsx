// The chosen principal's own rights over the security tree (admin-spec §6): per database access
// and administrator, per archive a mask, per search "may run" and its types; and per inbox a
// mask. Every change is saved at once and read back.
import { useTranslation } from 'react-i18next';
import type { SearchTypeName, SecurityTreeNode } from '@gs/contract/admin/security';
import { DatabaseSecurity, SearchProps } from '@gs/contract/flags';
import type { Http } from '../../api/http';
import {
  getAllInboxes,
  getArchiveMask,
  getDatabaseLevel,
  getInboxMask,
  getSearchGrants,
  getSecurityTree,
  setArchiveMask,
  setDatabaseRights,
  setInboxMask,
  setSearchGranted,
  setSearchType,
  type PrincipalRef,
} from '../../api/userAdmin';
import { useApiQuery } from '../../api/useApiQuery';
import { QueryBoundary } from '../../components/QueryBoundary';
import { useAdminAction } from '../admin/useAdminAction';
import { MaskEditor } from './MaskEditor';

interface DatabaseRights {
  access: boolean;
  level: number;
  masks: Map<number, number>;
  searches: Map<number, number>;
}

const archivesOf = (node: SecurityTreeNode): SecurityTreeNode[] =>
  node.Children.filter((c) => c.Type === 'archive').flatMap((a) => [a, ...archivesOf(a)]);

async function loadDatabase(http: Http, db: SecurityTreeNode, who: PrincipalRef): Promise<DatabaseRights> {
  const archives = archivesOf(db);
  const [level, masks, searches] = await Promise.all([
    getDatabaseLevel(http, db.Id, who),
    Promise.all(archives.map((a) => getArchiveMask(http, db.Id, a.Id, who))),
    getSearchGrants(http, db.Id, who),
  ]);
  return {
    access: level.Access,
    level: level.Level,
    masks: new Map(archives.map((a, i) => [a.Id, masks[i] ?? 0])),
    searches: new Map(searches.map((s) => [s.Id, s.Properties])),
  };
}

const TYPES: [SearchTypeName, number][] = [
  ['default', SearchProps.Default],
  ['queue', SearchProps.Queue],
  ['direct', SearchProps.Direct],
];

function Nodes({
  nodes,
  db,
  rights,
  who,
  reload,
}: {
  nodes: SecurityTreeNode[];
  db: number;
  rights: DatabaseRights;
  who: PrincipalRef;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  return (
    <ul className="security-tree">
      {nodes.map((n) => {
        if (n.Type === 'archive')
          return (
            <li key={`a${n.Id}`} data-testid="security-archive">
              <span className="security-tree__label">{n.Label}</span>
              <MaskEditor
                label={t('security.rights.archive', { name: n.Label })}
                name={n.Label}
                mask={rights.masks.get(n.Id) ?? 0}
                onChange={(mask) => void run((http) => setArchiveMask(http, who, db, n.Id, mask), reload)}
              />
              {n.Children.length > 0 && (
                <Nodes nodes={n.Children} db={db} rights={rights} who={who} reload={reload} />
              )}
            </li>
          );
        const props = rights.searches.get(n.Id);
        return (
          <li key={`s${n.Id}`} className="security-search">
            <label>
              <input
                type="checkbox"
                checked={props !== undefined}
                onChange={(e) =>
                  void run((http) => setSearchGranted(http, who, db, n.Id, e.target.checked), reload)
                }
              />
              {t('security.rights.search', { name: n.Label })}
            </label>
            {TYPES.map(([type, bit]) => (
              <label key={type} className="security-search__type">
                <input
                  type="checkbox"
                  checked={((props ?? 0) & bit) !== 0}
                  onChange={(e) =>
                    void run((http) => setSearchType(http, who, db, n.Id, type, e.target.checked), reload)
                  }
                />
                {t(`security.rights.searchTypes.${type}`)}
              </label>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

function DatabaseSection({ db, who }: { db: SecurityTreeNode; who: PrincipalRef }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [state, reload] = useApiQuery(`security:db:${who.type}:${who.name}:${db.Id}`, (http) =>
    loadDatabase(http, db, who),
  );
  return (
    <section className="security-db" data-testid="security-db" aria-label={db.Label}>
      <h3>{db.Label}</h3>
      <QueryBoundary preset="admin" state={state} reload={reload}>
        {(rights) => (
          <>
            <label>
              <input
                type="checkbox"
                checked={rights.access}
                onChange={(e) =>
                  void run(
                    (http) =>
                      setDatabaseRights(http, who, db.Id, { Access: e.target.checked, Level: rights.level }),
                    reload,
                  )
                }
              />
              {t('security.rights.databaseAccess', { name: db.Label })}
            </label>
            <label>
              <input
                type="checkbox"
                checked={(rights.level & DatabaseSecurity.Admin) !== 0}
                onChange={(e) =>
                  void run(
                    (http) =>
                      setDatabaseRights(http, who, db.Id, {
                        Access: true,
                        Level: e.target.checked
                          ? rights.level | DatabaseSecurity.Admin
                          : rights.level & ~DatabaseSecurity.Admin,
                      }),
                    reload,
                  )
                }
              />
              {t('security.rights.databaseAdmin', { name: db.Label })}
            </label>
            <Nodes nodes={db.Children} db={db.Id} rights={rights} who={who} reload={reload} />
          </>
        )}
      </QueryBoundary>
    </section>
  );
}

function InboxSection({ who }: { who: PrincipalRef }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [state, reload] = useApiQuery(`security:inboxes:${who.type}:${who.name}`, async (http) => {
    const inboxes = await getAllInboxes(http);
    const masks = await Promise.all(inboxes.map((i) => getInboxMask(http, i.Id, who)));
    return inboxes.map((i, n) => ({ ...i, mask: masks[n] ?? 0 }));
  });
  return (
    <QueryBoundary preset="admin" state={state} reload={reload}>
      {(inboxes) =>
        inboxes.length > 0 && (
          <section className="security-db" aria-label={t('security.rights.inboxes')}>
            <h3>{t('security.rights.inboxes')}</h3>
            <ul className="security-tree">
              {inboxes.map((i) => (
                <li key={i.Id}>
                  <span className="security-tree__label">{i.Name}</span>
                  <MaskEditor
                    inbox
                    label={t('security.rights.inbox', { name: i.Name })}
                    name={i.Name}
                    mask={i.mask}
                    onChange={(mask) => void run((http) => setInboxMask(http, who, i.Id, mask), reload)}
                  />
                </li>
              ))}
            </ul>
          </section>
        )
      }
    </QueryBoundary>
  );
}

export function RightsEditor({ who }: { who: PrincipalRef }) {
  const { t } = useTranslation();
  const [state, reload] = useApiQuery(`security:tree:${who.type}:${who.name}`, (http) =>
    getSecurityTree(http, who),
  );
  return (
    <div className="security-rights">
      <h2>{t('security.rights.title')}</h2>
      <QueryBoundary preset="admin" state={state} reload={reload}>
        {(tree) => tree.map((db) => <DatabaseSection key={db.Id} db={db} who={who} />)}
      </QueryBoundary>
      <InboxSection who={who} />
    </div>
  );
}
