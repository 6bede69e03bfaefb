// The stamps of `admin/stamps` offered in a menu, with @Today and @User filled in. A chosen stamp
// waits to be placed by a click on the page (StampLayer.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCachedQuery } from '../../api/useApiQuery';
import { getStamps } from '../../api/viewer';
import { QueryBoundary } from '../../components/QueryBoundary';
import { fillStamp } from './stamps';

export function StampMenu({
  user,
  locale,
  onChoose,
}: {
  user: string;
  locale: string;
  onChoose: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [stamps] = useCachedQuery(open ? 'stamps' : null, getStamps);
  return (
    <div className="viewer__menu">
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => setOpen(!open)}
      >
        {t('viewer.stamps')}
      </button>
      {open && (
        <div className="viewer__menu-list" role="menu" aria-label={t('viewer.stamps')}>
          <QueryBoundary
            state={stamps}
            loading={t('viewer.loading')}
            loadingAs="line"
            error={t('viewer.stampsFailed')}
            failureAs="line"
          >
            {(list) =>
              list.length === 0 ? (
                <p className="muted">{t('viewer.noStamps')}</p>
              ) : (
                list.map((s) => {
                  const text = fillStamp(s.Text, user, new Date(), locale);
                  return (
                    <button
                      key={s.Id}
                      type="button"
                      role="menuitem"
                      className="viewer__menu-item"
                      onClick={() => {
                        onChoose(text);
                        setOpen(false);
                      }}
                    >
                      {text}
                    </button>
                  );
                })
              )
            }
          </QueryBoundary>
        </div>
      )}
    </div>
  );
}
