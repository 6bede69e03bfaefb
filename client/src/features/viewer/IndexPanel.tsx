// The index panel beside the page (spec §3, §5): the document's fields with the grid's rules:
// editable fields (not system, multi-value, table or dependent list fields) only with Modify Data
// (1024) and a licence that may edit; every entry checked as it is typed (fieldValidation.ts), then
// by the server (`POST indexes`) and saved (`PUT .../FieldData`), the grid's save path.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { FieldCheckResult, FieldDataErrorBody } from '@gs/contract/fieldChecks';
import type { FieldValue } from '@gs/contract/fields';
import { ArchivePermission, hasFlag, LicenseType } from '@gs/contract/flags';
import { checkFieldValues, saveFieldData, type DocumentRef } from '../../api/documents';
import { ApiError } from '../../api/http';
import { useApiQuery } from '../../api/useApiQuery';
import { getDocumentData } from '../../api/viewer';
import { Alert } from '../../components/Alert';
import { FieldInput } from '../../components/fields/FieldInput';
import { fieldCheckMessage } from '../../components/fields/fieldCheckMessage';
import { useFieldItems } from '../../components/fields/useFieldItems';
import { displayFieldValue, joinMultiValues } from '../../lib/fieldDisplay';
import { canEditField, dynamicParents, fieldSpecOf, type FieldSpec } from '../../lib/fieldSpec';
import {
  checkFieldValue,
  serverCheck,
  toEditText,
  toWireValue,
  VALID,
  type ValueCheck,
} from '../../lib/fieldValidation';
import { translateServerError } from '../../lib/serverTexts';
import { httpAtom } from '../../state/environment';
import { DocumentStatusLine } from './DocumentStatusLine';
import { QueryFailure } from '../../components/QueryBoundary';

function FieldRow(props: {
  doc: DocumentRef;
  spec: FieldSpec;
  locale: string;
  editable: boolean;
  text: string;
  check: ValueCheck;
  shown: string;
  valueOf: (id: number) => string;
  onChange: (text: string, items: string[] | undefined) => void;
}) {
  const { t } = useTranslation();
  const { spec } = props;
  const [first, second] = dynamicParents(spec);
  // a field shown read-only needs no list
  const items = useFieldItems(props.editable ? props.doc.db : null, spec, [
    first ? props.valueOf(first) : '',
    second ? props.valueOf(second) : '',
  ]);
  const message = fieldCheckMessage(t, props.check, spec.name);
  const id = `viewer-field-${spec.id}`;
  return (
    <div className="viewer__field">
      <label htmlFor={id} className="viewer__field-name">
        {spec.name}
      </label>
      {props.editable ? (
        <FieldInput
          id={id}
          spec={spec}
          locale={props.locale}
          value={props.text}
          items={items}
          invalid={message !== null}
          describedBy={message ? `${id}-problem` : undefined}
          onChange={(next) => props.onChange(next, items?.status === 'success' ? items.data : undefined)}
        />
      ) : (
        <output id={id} className="viewer__field-value">
          {props.shown}
        </output>
      )}
      {message && (
        <p id={`${id}-problem`} className="viewer__field-problem" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

export function IndexPanel(props: { doc: DocumentRef; locale: string; licenseType: number | null }) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const { doc, locale } = props;
  const [data, reload] = useApiQuery(`viewer-doc:${doc.db}:${doc.archive}:${doc.id}`, (h) =>
    getDocumentData(h, doc),
  );
  const [drafts, setDrafts] = useState<Record<number, { text: string; check: ValueCheck }>>({});
  const [server, setServer] = useState<Record<number, ValueCheck>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  if (data.status === 'loading') return <p className="muted">{t('viewer.index.loading')}</p>;
  if (data.status !== 'success') return <QueryFailure state={data} error={t('viewer.index.failed')} />;
  const result = data.data;
  const row = result.Docs[0];
  const specs = (result.Fields ?? []).map(fieldSpecOf);
  const values = new Map<number, FieldValue>((row?.Fields ?? []).map((v) => [v.ID, v]));
  const mayEdit =
    props.licenseType !== LicenseType.ReadOnly &&
    hasFlag(row?.Permissions ?? 0, ArchivePermission.ModifyData);
  const original = (spec: FieldSpec): string => toEditText(spec, values.get(spec.id)?.VAL ?? '', locale);
  const textOf = (spec: FieldSpec): string => drafts[spec.id]?.text ?? original(spec);
  const dirty = Object.keys(drafts).length > 0;
  const invalid = Object.values(drafts).some((d) => d.check.code !== VALID.code);

  const save = async () => {
    const changed: FieldValue[] = specs
      .filter((s) => drafts[s.id])
      .map((s) => ({ ID: s.id, VAL: toWireValue(s, drafts[s.id]?.text ?? '', locale), MVAL: [] }));
    setSaving(true);
    setNotice(null);
    try {
      const checks = await checkFieldValues(http, doc.db, doc.archive, changed);
      const refused = (Array.isArray(checks) ? checks : []).filter((c) => !c.Valid);
      if (refused.length) {
        setServer(Object.fromEntries(refused.map((r) => [r.ID, serverCheck(r)])));
        return;
      }
      await saveFieldData(http, doc, changed);
      setDrafts({});
      setServer({});
      setNotice({ tone: 'success', text: t('viewer.index.saved') });
      reload();
    } catch (error) {
      const fields = error instanceof ApiError ? errorFields(error) : [];
      if (fields.length) setServer(Object.fromEntries(fields.map((r) => [r.ID, serverCheck(r)])));
      else
        setNotice({
          tone: 'error',
          text: translateServerError(t, error) ?? t('viewer.index.saveFailed'),
        });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="viewer__index-form"
      data-testid="viewer-index"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {specs.map((spec) => {
        const value = values.get(spec.id);
        const shown = value?.MVAL?.length
          ? joinMultiValues(value.MVAL)
          : displayFieldValue(spec, value?.VAL ?? '', locale);
        return (
          <FieldRow
            key={spec.id}
            doc={doc}
            spec={spec}
            locale={locale}
            editable={mayEdit && canEditField(spec)}
            text={textOf(spec)}
            shown={shown}
            check={server[spec.id] ?? drafts[spec.id]?.check ?? VALID}
            valueOf={(id) => {
              const other = specs.find((s) => s.id === id);
              return other ? textOf(other) : '';
            }}
            onChange={(text, items) => {
              setServer((s) => {
                const { [spec.id]: _gone, ...rest } = s;
                return rest;
              });
              setDrafts((d) => {
                const { [spec.id]: _old, ...rest } = d;
                return text === original(spec)
                  ? rest
                  : { ...rest, [spec.id]: { text, check: checkFieldValue(spec, text, { locale, items }) } };
              });
            }}
          />
        );
      })}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {mayEdit && (
        <div className="viewer__index-actions">
          <button type="submit" className="button button--primary" disabled={!dirty || invalid || saving}>
            {t('viewer.index.save')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!dirty || saving}
            onClick={() => {
              setDrafts({});
              setServer({});
            }}
          >
            {t('viewer.index.discard')}
          </button>
        </div>
      )}
      <DocumentStatusLine result={result} />
    </form>
  );
}

function errorFields(error: ApiError): FieldCheckResult[] {
  try {
    const body = JSON.parse(error.body) as Partial<FieldDataErrorBody>;
    return Array.isArray(body.Fields) ? body.Fields : [];
  } catch {
    return [];
  }
}
