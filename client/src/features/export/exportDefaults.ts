// The export utility's starting choices, set in the Settings dialog's Export tab and remembered in
// localStorage under `exportUtilitySettings` (our name: the spec lists the tab, not its key). Each
// export utility run starts from them and may change them for that run only.
import { localSettingAtom } from '../../state/preferences';
import { DEFAULT_EXPORT_UTILITY, type ExportUtilityValue } from './ExportUtilitySettings';

const STRINGS = ['FilePath', 'Filename'] as const;
const FLAGS = [
  'ConvertToPDF',
  'WithAnnotations',
  'ConvertToBW',
  'ExportWithCSV',
  'ExportWithMappedFields',
] as const;

function isExportUtilityValue(v: unknown): v is ExportUtilityValue {
  if (typeof v !== 'object' || v === null) return false;
  const record = v as Record<string, unknown>;
  return (
    STRINGS.every((k) => typeof record[k] === 'string') && FLAGS.every((k) => typeof record[k] === 'boolean')
  );
}

export const exportUtilityDefaultsAtom = localSettingAtom<ExportUtilityValue>(
  'exportUtilitySettings',
  DEFAULT_EXPORT_UTILITY,
  isExportUtilityValue,
);
