// The cards of a mode (admin-spec §2): a create-new card, then one card per item with its edit,
// rename and delete buttons. Rename edits the name in the card itself (rename mode).
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AdminCardItem {
  id: number;
  name: string;
  detail?: ReactNode;
  /** indentation (sub-archives) */
  depth?: number;
  canDelete?: boolean;
  canEdit?: boolean;
}

export interface AdminCardsProps {
  items: readonly AdminCardItem[];
  createLabel?: string;
  onCreate?: () => void;
  /** why creating is refused (the create card is shown disabled with this tooltip) */
  createDisabled?: string;
  onEdit?: (id: number) => void;
  onRename?: (id: number, name: string) => void;
  onDelete?: (id: number) => void;
  extra?: (id: number) => ReactNode;
}

function RenameForm({ name, onDone }: { name: string; onDone: (name: string | null) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  return (
    <form
      className="admin-card__rename"
      onSubmit={(e) => {
        e.preventDefault();
        onDone(value.trim() ? value.trim() : null);
      }}
    >
      <input
        aria-label={t('admin.cards.newName')}
        value={value}
        autoFocus
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="button button--primary">
        {t('admin.actions.save')}
      </button>
      <button type="button" className="button" onClick={() => onDone(null)}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

export function AdminCards({
  items,
  createLabel,
  onCreate,
  createDisabled,
  onEdit,
  onRename,
  onDelete,
  extra,
}: AdminCardsProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<number | null>(null);
  // with sub-items the cards are one list, each indented by its depth (admin.css)
  const tree = items.some((item) => (item.depth ?? 0) > 0);
  return (
    <ul className={tree ? 'admin-cards admin-cards--tree' : 'admin-cards'} data-testid="admin-cards">
      {onCreate && createLabel && (
        <li className="admin-card admin-card--new">
          <button
            type="button"
            className="admin-card__create"
            disabled={createDisabled !== undefined}
            title={createDisabled}
            onClick={onCreate}
          >
            + {createLabel}
          </button>
        </li>
      )}
      {items.map((item) => (
        <li
          key={item.id}
          className="admin-card"
          data-testid="admin-card"
          data-depth={item.depth ?? 0}
          style={{ '--depth': item.depth ?? 0 } as CSSProperties}
        >
          {renaming === item.id && onRename ? (
            <RenameForm
              name={item.name}
              onDone={(name) => {
                setRenaming(null);
                if (name && name !== item.name) onRename(item.id, name);
              }}
            />
          ) : (
            <h2 className="admin-card__name">{item.name}</h2>
          )}
          {item.detail && <div className="admin-card__detail">{item.detail}</div>}
          <div className="admin-card__actions">
            {onEdit && item.canEdit !== false && (
              <button
                type="button"
                className="button"
                aria-label={t('admin.cards.edit', { name: item.name })}
                onClick={() => onEdit(item.id)}
              >
                {t('admin.actions.edit')}
              </button>
            )}
            {onRename && item.canEdit !== false && (
              <button
                type="button"
                className="button"
                aria-label={t('admin.cards.rename', { name: item.name })}
                onClick={() => setRenaming(item.id)}
              >
                {t('admin.actions.rename')}
              </button>
            )}
            {extra?.(item.id)}
            {onDelete && item.canDelete !== false && (
              <button
                type="button"
                className="button button--danger"
                aria-label={t('admin.cards.delete', { name: item.name })}
                onClick={() => onDelete(item.id)}
              >
                {t('admin.actions.delete')}
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
