// The export field selection (spec §2 modal): which fields go into the spreadsheet or the CSV, all
// by default, or those of the export profile saved for this database and archive (DatabaseID,
// ArchiveID, FieldIDs, kept by the helper). "Save as profile" stores the current choice.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelperBulk } from '../../api/helperBulk';
import type { FieldSpec } from '../../lib/fieldSpec';

export interface ExportFieldSelectionProps {
  db: number;
  archive: number;
  fields: FieldSpec[];
  helper: HelperBulk;
  value: number[];
  onChange: (ids: number[]) => void;
}

export function ExportFieldSelection({
  db,
  archive,
  fields,
  helper,
  value,
  onChange,
}: ExportFieldSelectionProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<'idle' | 'saved' | 'failed'>('idle');

  useEffect(() => {
    let live = true;
    helper.exportProfiles().then(
      (profiles) => {
        const mine = profiles.find((p) => p.DatabaseID === db && p.ArchiveID === archive);
        if (live && mine) onChange(mine.FieldIDs.filter((id) => fields.some((f) => f.id === id)));
      },
      () => undefined, // no helper: every field stays chosen
    );
    return () => {
      live = false;
    };
    // the profile is read once per archive
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [helper, db, archive]);

  const toggle = (id: number, on: boolean) =>
    onChange(
      on
        ? fields.filter((f) => f.id === id || value.includes(f.id)).map((f) => f.id)
        : value.filter((v) => v !== id),
    );

  return (
    <fieldset className="bulk-fieldset" data-testid="export-fields">
      <legend>{t('export.fields.title')}</legend>
      <div className="bulk-inline">
        <button
          type="button"
          className="button button--small"
          onClick={() => onChange(fields.map((f) => f.id))}
        >
          {t('export.fields.all')}
        </button>
        <button type="button" className="button button--small" onClick={() => onChange([])}>
          {t('export.fields.none')}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            helper.saveExportProfile({ DatabaseID: db, ArchiveID: archive, FieldIDs: value }).then(
              () => setSaved('saved'),
              () => setSaved('failed'),
            )
          }
        >
          {t('export.fields.saveProfile')}
        </button>
        {saved !== 'idle' && (
          <span role="status">
            {saved === 'saved' ? t('export.fields.profileSaved') : t('export.fields.profileFailed')}
          </span>
        )}
      </div>
      <div className="export-field-list">
        {fields.map((f) => (
          <label key={f.id}>
            <input
              type="checkbox"
              checked={value.includes(f.id)}
              onChange={(e) => toggle(f.id, e.target.checked)}
            />
            {f.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
