// One archive's or inbox's mask for the chosen principal: a quick permission (FULL, EDIT, READ,
// NONE; "Custom" when the mask is none of them) and, on demand, every permission bit.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_PERMISSIONS, type QuickPermission } from '@gs/contract/admin/security';
import { ARCHIVE_BITS, INBOX_BITS, QUICK_NAMES, quickOf, toggleBit } from './securityRules';

export interface MaskEditorProps {
  label: string;
  name: string;
  mask: number;
  inbox?: boolean;
  onChange: (mask: number) => void;
}

export function MaskEditor({ label, name, mask, inbox = false, onChange }: MaskEditorProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bitsId = useId();
  const quick = quickOf(mask);
  return (
    <div className="security-mask" data-testid="security-mask" data-mask={mask}>
      <select
        aria-label={label}
        value={quick}
        onChange={(e) => onChange(QUICK_PERMISSIONS[e.target.value as QuickPermission])}
      >
        {QUICK_NAMES.map((q) => (
          <option key={q} value={q}>
            {t(`security.rights.quick.${q}`)}
          </option>
        ))}
        {quick === 'CUSTOM' && (
          <option value="CUSTOM" disabled>
            {t('security.rights.custom')}
          </option>
        )}
      </select>
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={bitsId}
        onClick={() => setOpen(!open)}
      >
        {t('security.rights.bits', { name })}
      </button>
      {open && (
        <fieldset id={bitsId} className="security-bits">
          <legend className="visually-hidden">{t('security.rights.bits', { name })}</legend>
          {(inbox ? INBOX_BITS : ARCHIVE_BITS).map(([bitName, bit]) => (
            <label key={bitName}>
              <input
                type="checkbox"
                checked={(mask & bit) !== 0}
                onChange={(e) => onChange(toggleBit(mask, bit, e.target.checked))}
              />
              {t(`security.bits.${bitName}`)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
