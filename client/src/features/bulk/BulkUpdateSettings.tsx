// The settings step of bulk update: basic or advanced mode, their forms, the options
// (OverwriteSystem, UseString) and "Next", which lists every broken rule instead of going on.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_DEFAULT_FIELD_DELIMITER, BULK_DEFAULT_STRING_DELIMITER } from '@gs/contract/helperBulk';
import type { Search } from '@gs/contract/searches';
import type { HelperBulk } from '../../api/helperBulk';
import { AdvancedUpdateForm, type AdvancedState } from './AdvancedUpdateForm';
import { BasicUpdateForm, type BasicState } from './BasicUpdateForm';
import { BulkOptionsFields } from './BulkOptionsFields';
import { translateKey } from './bulkMessages';
import { bulkFormErrors, type BulkContext, type BulkForm, type BulkOptions } from './bulkRequest';

export interface BulkUpdateSettingsProps {
  ctx: BulkContext;
  helper: HelperBulk;
  searches: Search[];
  initial: { form: BulkForm; options: BulkOptions } | null;
  onCancel: () => void;
  onNext: (value: { form: BulkForm; options: BulkOptions }) => void;
}

/** A fresh error log name per run: logs\bulk-update-20240131-154500.log */
export function defaultErrorPath(prefix: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `logs\\${prefix}-${stamp}.log`;
}

export function BulkUpdateSettings({
  ctx,
  helper,
  searches,
  initial,
  onCancel,
  onNext,
}: BulkUpdateSettingsProps) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<BulkForm['mode']>(initial?.form.mode ?? 'basic');
  const [basic, setBasic] = useState<BasicState>(
    initial?.form.mode === 'basic'
      ? initial.form.basic
      : { type: ctx.checked.length ? 'documentSelectUpdate' : 'simple', values: {} },
  );
  const [advanced, setAdvanced] = useState<AdvancedState>(
    initial?.form.mode === 'advanced'
      ? initial.form.advanced
      : {
          type: 'csvupdate',
          csv: {
            csvPath: '',
            errorPath: defaultErrorPath('bulk-update'),
            fieldDelimiter: BULK_DEFAULT_FIELD_DELIMITER,
            stringDelimiter: BULK_DEFAULT_STRING_DELIMITER,
            headersIncluded: true,
          },
          preview: null,
          mapping: {},
          searchId: null,
          searchMapping: {},
        },
  );
  const [options, setOptions] = useState<BulkOptions>(
    initial?.options ?? { overwriteSystem: false, useString: false },
  );
  const [shown, setShown] = useState<string[]>([]);
  const form: BulkForm = mode === 'basic' ? { mode, basic } : { mode, advanced };

  const next = () => {
    const errors = bulkFormErrors(form, ctx, searches);
    setShown(errors);
    if (!errors.length) onNext({ form, options });
  };

  return (
    <div className="bulk-settings" data-testid="bulk-settings">
      <div role="radiogroup" aria-label={t('bulk.update.mode')} className="bulk-inline">
        {(['basic', 'advanced'] as const).map((m) => (
          <label key={m}>
            <input type="radio" name="bulk-mode" checked={mode === m} onChange={() => setMode(m)} />
            {m === 'basic' ? t('bulk.update.basic') : t('bulk.update.advanced')}
          </label>
        ))}
      </div>
      {mode === 'basic' ? (
        <BasicUpdateForm
          db={ctx.db}
          fields={ctx.fields}
          locale={ctx.locale}
          checkedCount={ctx.checked.length}
          overwriteSystem={options.overwriteSystem}
          value={basic}
          onChange={setBasic}
        />
      ) : (
        <AdvancedUpdateForm
          helper={helper}
          fields={ctx.fields}
          searches={searches}
          overwriteSystem={options.overwriteSystem}
          value={advanced}
          onChange={setAdvanced}
        />
      )}
      <BulkOptionsFields value={options} onChange={setOptions} />
      {shown.length > 0 && (
        <ul className="bulk-errors" role="alert" data-testid="bulk-errors">
          {shown.map((key) => (
            <li key={key}>{translateKey(t, i18n, key)}</li>
          ))}
        </ul>
      )}
      <div className="modal__footer modal__footer--inline">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={next}>
          {t('bulk.update.next')}
        </button>
      </div>
    </div>
  );
}
