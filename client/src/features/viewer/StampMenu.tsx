// The stamps of `admin/stamps` offered in a menu, with @Today and @User filled in; a chosen stamp
// is placed on the current page. Placed stamps lie over the page in their colour and can be removed
// again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCachedQuery } from '../../api/queryCache';
import { getStamps } from '../../api/viewer';
import { fillStamp, type PlacedStamp } from './stamps';

export function StampMenu({
  user,
  locale,
  onPlace,
}: {
  user: string;
  locale: string;
  onPlace: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [stamps] = useCachedQuery(open ? 'admin-stamps' : null, getStamps);
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
          {stamps.status === 'loading' && <p className="muted">{t('viewer.loading')}</p>}
          {stamps.status === 'error' && <p className="muted">{t('viewer.stampsFailed')}</p>}
          {stamps.status === 'success' && stamps.data.length === 0 && (
            <p className="muted">{t('viewer.noStamps')}</p>
          )}
          {stamps.status === 'success' &&
            stamps.data.map((s) => {
              const text = fillStamp(s.Text, user, new Date(), locale);
              return (
                <button
                  key={s.Id}
                  type="button"
                  role="menuitem"
                  className="viewer__menu-item"
                  onClick={() => {
                    onPlace(text);
                    setOpen(false);
                  }}
                >
                  {text}
                </button>
              );
            })}
        </div>
      )}
    </div>
  );
}

export function StampLayer(props: {
  stamps: PlacedStamp[];
  canRemove: boolean;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.stamps.map((s) => (
        <div
          key={s.id}
          className="viewer__stamp"
          data-testid="viewer-stamp"
          style={{ left: `${s.x * 100}%`, top: `${s.y * 100}%`, color: s.color, borderColor: s.color }}
        >
          <span>{s.text}</span>
          {props.canRemove && (
            <button
              type="button"
              className="viewer__stamp-remove"
              aria-label={t('viewer.removeStamp', { text: s.text })}
              onClick={() => props.onRemove(s.id)}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </>
  );
}
