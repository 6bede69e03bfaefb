// /path (spec §2, "other paths used"; decision 051): the screens this user may open, each a link
// with its address and what it is for, the administration ones apart. The database to search is
// the one the user works in; its name comes from the database list.
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentAdminFlagsAtom } from '../../state/adminFlags';
import { selectedDatabaseAtom } from '../../state/database';
import { useKnownDatabases } from '../../api/useDatabases';
import { configAtom } from '../../state/environment';
import { pathEntries, type PathEntry } from './pathEntries';
import './paths.css';

export function PathsPage() {
  const { t } = useTranslation();
  const flags = useAtomValue(currentAdminFlagsAtom);
  const hide = useAtomValue(configAtom).hide;
  const selected = useAtomValue(selectedDatabaseAtom);
  const databases = useKnownDatabases();
  const database = databases.find((d) => d.Id === selected) ?? null;
  const entries = pathEntries({ flags, hide, database: database?.Id ?? null });
  const work = entries.filter((e) => e.section === 'work');
  const admin = entries.filter((e) => e.section === 'admin');
  const label = (entry: PathEntry) =>
    entry.id === 'search'
      ? t('paths.items.search.label', { name: database?.Name ?? '' })
      : t(`paths.items.${entry.id}.label`);

  const list = (items: PathEntry[]) => (
    <ul className="paths-list">
      {items.map((entry) => (
        <li key={entry.id} className="paths-list__item" data-testid={`path-${entry.id}`}>
          <Link to={entry.to} className="paths-list__link">
            {label(entry)}
          </Link>
          <code className="paths-list__address">{entry.to}</code>
          <p className="paths-list__text">{t(`paths.items.${entry.id}.text`)}</p>
        </li>
      ))}
    </ul>
  );

  return (
    <section className="panel paths-page" aria-labelledby="paths-title" data-testid="paths-page">
      <h1 id="paths-title" className="panel__title">
        {t('paths.title')}
      </h1>
      <p className="muted">{t('paths.lead')}</p>
      <nav aria-label={t('paths.nav')}>
        <h2 className="paths-page__section">{t('paths.work')}</h2>
        {list(work)}
        {admin.length > 0 && (
          <>
            <h2 className="paths-page__section">{t('paths.admin')}</h2>
            {list(admin)}
          </>
        )}
      </nav>
    </section>
  );
}
