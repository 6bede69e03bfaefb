// The export utility settings (spec §2 modal, §3 option object): the folder (FilePath, inside the
// helper's exports folder or a drive/UNC-like path), the file name with brace tokens ({DocID},
// {Vendor Name}, ...), ConvertToPDF, WithAnnotations, ConvertToBW, ExportWithCSV and
// ExportWithMappedFields (the CSV holds only the export profile's fields).
import { useTranslation } from 'react-i18next';
import { FILENAME_BUILTIN_TOKENS } from '../bulk/bulkValidation';
// its look travels with it: the Settings dialog shows it without the bulk modals
import '../bulk/bulk.css';

export interface ExportUtilityValue {
  FilePath: string;
  Filename: string;
  ConvertToPDF: boolean;
  WithAnnotations: boolean;
  ConvertToBW: boolean;
  ExportWithCSV: boolean;
  ExportWithMappedFields: boolean;
}

export const DEFAULT_EXPORT_UTILITY: ExportUtilityValue = {
  FilePath: '',
  Filename: '{DocID}',
  ConvertToPDF: false,
  WithAnnotations: false,
  ConvertToBW: false,
  ExportWithCSV: true,
  ExportWithMappedFields: false,
};

const FLAGS = [
  'ConvertToPDF',
  'WithAnnotations',
  'ConvertToBW',
  'ExportWithCSV',
  'ExportWithMappedFields',
] as const;

export function ExportUtilitySettings({
  value,
  onChange,
}: {
  value: ExportUtilityValue;
  onChange: (value: ExportUtilityValue) => void;
}) {
  const { t } = useTranslation();
  const label: Record<(typeof FLAGS)[number], string> = {
    ConvertToPDF: t('export.utility.convertToPdf'),
    WithAnnotations: t('export.utility.withAnnotations'),
    ConvertToBW: t('export.utility.convertToBw'),
    ExportWithCSV: t('export.utility.withCsv'),
    ExportWithMappedFields: t('export.utility.mappedFields'),
  };
  return (
    <div className="bulk-fieldset" data-testid="export-utility-settings">
      <label className="bulk-map-row">
        {t('export.utility.folder')}
        <input
          className="input"
          value={value.FilePath}
          placeholder={t('export.utility.folderHint')}
          onChange={(e) => onChange({ ...value, FilePath: e.target.value })}
        />
      </label>
      <label className="bulk-map-row">
        {t('export.utility.fileName')}
        <input
          className="input"
          value={value.Filename}
          onChange={(e) => onChange({ ...value, Filename: e.target.value })}
        />
      </label>
      <p className="field__hint">
        {t('export.utility.tokens', { tokens: FILENAME_BUILTIN_TOKENS.map((x) => `{${x}}`).join(' ') })}
      </p>
      {FLAGS.map((flag) => (
        <label key={flag} className="checkbox">
          <input
            type="checkbox"
            checked={value[flag]}
            disabled={flag === 'ExportWithMappedFields' && !value.ExportWithCSV}
            onChange={(e) => onChange({ ...value, [flag]: e.target.checked })}
          />
          {label[flag]}
        </label>
      ))}
    </div>
  );
}
