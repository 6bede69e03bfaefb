// The way into batch capture from the search screen's sidebar: /batchselect (spec §2), unless
// config.json hides batch portals or portal connections.
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import './batches.css';
import { useTranslation } from 'react-i18next';
import { routes } from '../../app/paths';
import { configAtom } from '../../state/environment';

export function BatchPortalsLink() {
  const { t } = useTranslation();
  const { hide } = useAtomValue(configAtom);
  if (hide.batchPortals || hide.portalConnections) return null;
  return (
    <Link className="sidebar__link" to={routes.batchSelect} data-testid="batch-portals-link">
      {t('batches.select.link')}
    </Link>
  );
}
