// The import utility's documents and fields: the column naming each document's file (a path next
// to the CSV, or a name inside an uploaded zip), the zip itself, and the field mapping table.
import { useTranslation } from 'react-i18next';
import type { BulkCsvPreviewResponse, FieldMapping } from '@gs/contract/helperBulk';
import type { HelperBulk } from '../../api/helperBulk';
import type { FieldSpec } from '../../lib/fieldSpec';
import { ColumnSelect } from './ColumnSelect';
import { ImportMapping } from './ImportMapping';

export interface ImportFilesProps {
  helper: HelperBulk;
  preview: BulkCsvPreviewResponse;
  fields: FieldSpec[];
  overwriteSystem: boolean;
  fileColumn: number;
  onFileColumn: (column: number) => void;
  zipPath: string;
  onZipPath: (path: string) => void;
  onUploadError: (error: unknown) => void;
  mapping: FieldMapping[];
  onMapping: (mapping: FieldMapping[]) => void;
}

export function ImportFiles(props: ImportFilesProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="bulk-fieldset">
      <legend>{t('bulk.import.files')}</legend>
      <div className="bulk-map-row">
        <span>{t('bulk.import.fileColumn')}</span>
        <ColumnSelect
          preview={props.preview}
          label={t('bulk.import.fileColumn')}
          value={props.fileColumn}
          onChange={props.onFileColumn}
        />
      </div>
      <label className="bulk-map-row">
        <span>{t('bulk.import.zip')}</span>
        <input
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) props.helper.upload(file).then((r) => props.onZipPath(r.Path), props.onUploadError);
          }}
        />
      </label>
      {props.zipPath && <code>{props.zipPath}</code>}
      <ImportMapping
        fields={props.fields}
        preview={props.preview}
        overwriteSystem={props.overwriteSystem}
        mapping={props.mapping}
        onChange={props.onMapping}
      />
    </fieldset>
  );
}
