// /select "Select Your Database" (spec §2, ux §2): one database goes straight in, the remembered
// one is highlighted, none -> ERROR_NO_DATABASES, a failed call -> ERROR_GET_DATABASES.
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Database } from '@gs/contract/databases';
import { viewPath } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { Icon } from '../../components/Icon';
import { QueryBoundary } from '../../components/QueryBoundary';
import { useDatabases } from '../../api/useDatabases';
import { rememberDatabaseAtom, selectedDatabaseAtom } from '../../state/database';

export function SelectDatabasePage() {
  const { t } = useTranslation();
  const [databases, reload] = useDatabases();

  const content = (
    <QueryBoundary
      state={databases}
      loading={t('select.loading')}
      error={t('ERROR_GET_DATABASES')}
      testId="select-error"
      reload={reload}
      small={false}
    >
      {(list) =>
        list.length === 0 ? (
          <Alert tone="warning" testId="select-empty">
            {t('ERROR_NO_DATABASES')}
          </Alert>
        ) : (
          <DatabaseList databases={list} />
        )
      }
    </QueryBoundary>
  );

  return (
    <section className="select-page" aria-labelledby="select-title">
      <div className="panel select-panel">
        <h1 id="select-title" className="panel__title">
          {t('select.title')}
        </h1>
        <p className="panel__lead">{t('select.lead')}</p>
        {content}
      </div>
    </section>
  );
}

function DatabaseList({ databases }: { databases: Database[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remembered = useAtomValue(selectedDatabaseAtom);
  const remember = useSetAtom(rememberDatabaseAtom);
  const only = databases.length === 1 ? databases[0] : undefined;

  // The search screen remembers the database it opens.
  if (only) return <Navigate replace to={viewPath(only.Id)} />;

  const open = (id: number) => {
    remember(id);
    navigate(viewPath(id));
  };

  return (
    <ul className="database-list" aria-label={t('select.listLabel')}>
      {databases.map((database) => {
        const isRemembered = database.Id === remembered;
        return (
          <li key={database.Id}>
            <button
              type="button"
              className={`database-list__item${isRemembered ? ' database-list__item--remembered' : ''}`}
              onClick={() => open(database.Id)}
              autoFocus={isRemembered}
              aria-current={isRemembered ? 'true' : undefined}
              data-testid={`database-${database.Id}`}
            >
              <Icon name="database" size={22} />
              <span className="database-list__name">{database.Name}</span>
              {isRemembered && <span className="badge">{t('select.lastUsed')}</span>}
              <Icon name="chevronRight" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
