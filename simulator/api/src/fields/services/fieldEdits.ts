// Checking and saving a document's index values. A save checks every field first (any invalid
// field refuses the whole save), then in ONE transaction writes the changed values, the Last
// Modified By system fields and modified_at, and one `updated` history entry per changed field.
// The `[SQL]` lists of the fields sent are read first, outside the transaction (decision 044).
import type { FieldValue } from '@gs/contract/fields';
import { FieldCheckCode, type FieldCheckResult, type FieldDataErrorBody } from '@gs/contract/fieldChecks';
import { FieldProp, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import type { Repos } from '../../db/repos';
import type { StoredDocument } from '../repos/documentFieldsRepo';
import type { FieldRule } from '../repos/fieldRulesRepo';
import { type DomainError, invalid, notFound } from '../../domain/errors';
import { messages } from '../../security/services/access';
import type { DocumentRef } from '../../documents/services/documentAccess';
import type { FieldLists } from '../../lists/services/fieldLists';
import type { ListQueries } from '../../lists/services/listQueries';
import { listsOfSent } from '../../lists/services/sqlListItems';
import { checkField, type FieldCheck, type FieldInput, type FieldWrite } from './fieldValidation';
import { sameStored, toWireText } from './fieldValues';

export interface SaveRequest {
  ref: DocumentRef;
  inputs: FieldInput[];
  userName: string;
  now: number;
}

const toResult = (c: FieldCheck): FieldCheckResult =>
  c.valid
    ? { ID: c.id, Valid: true, Code: FieldCheckCode.Valid, Message: '' }
    : { ID: c.id, Valid: false, Code: c.code, Message: c.message };

/** The wire value of one field of a stored document. */
function wireValue(rule: FieldRule, doc: StoredDocument): FieldValue {
  if (hasFlag(rule.prop, FieldProp.MultiValue)) {
    const values = (doc.multi.get(rule.id) ?? []).map((v) => toWireText(rule.type, v));
    return { ID: rule.id, VAL: values[0] ?? '', MVAL: values };
  }
  return { ID: rule.id, VAL: toWireText(rule.type, doc.values.get(rule.id) ?? null), MVAL: [] };
}

const shown = (v: FieldValue): string => (v.MVAL.length ? v.MVAL.join(', ') : v.VAL);

function invalidSave(checks: FieldCheck[]): DomainError | undefined {
  const bad = checks.filter((c) => !c.valid);
  const first = bad[0];
  if (!first || first.valid) return undefined;
  const name = first.rule ? `'${first.rule.name}' (ID ${first.id})` : `${first.id}`;
  const body: FieldDataErrorBody = {
    Message: `Field ${name} is invalid (code ${first.code}): ${first.message}`,
    Fields: bad.map(toResult),
  };
  return invalid(body.Message, { Fields: body.Fields });
}

/** A system field sent back with the value it holds is no edit (a client may send whole rows). */
const isUnchangedSystemValue = (
  rule: FieldRule | undefined,
  input: FieldInput,
  doc: StoredDocument,
): boolean => {
  if (!rule || (rule.prop & (SYSTEM_FIELD_PROPS | FieldProp.TableField)) === 0) return false;
  const current = wireValue(rule, doc);
  return (
    input.val === current.VAL &&
    (input.mval.length === 0 || input.mval.join('\n') === current.MVAL.join('\n'))
  );
};

export function createFieldEdits(repos: Repos, queries: ListQueries) {
  const { fieldRules, documentFields, audit } = repos;

  /** the lists of the fields the inputs set, their [SQL] lists read */
  const listsOf = (rules: FieldRule[], inputs: FieldInput[]): Promise<FieldLists> =>
    listsOfSent(fieldRules, queries, rules, inputs);

  const checkAll = (
    lists: FieldLists,
    rules: FieldRule[],
    inputs: FieldInput[],
    current: (fieldId: number) => string,
  ): FieldCheck[] => {
    const byId = new Map(rules.map((r) => [r.id, r]));
    const sent = new Map(inputs.map((i) => [i.id, i.val]));
    const valueOf = (fieldId: number): string => sent.get(fieldId) ?? current(fieldId);
    const ctx = { offeredItems: (rule: FieldRule) => lists.offered(rule, valueOf) };
    return inputs.map((input) => checkField(byId.get(input.id), input, ctx));
  };

  /** POST indexes: each value checked against the archive's fields, no document involved. */
  async function check(archiveId: number, inputs: FieldInput[]): Promise<FieldCheckResult[]> {
    const rules = fieldRules.ofArchive(archiveId);
    const lists = await listsOf(rules, inputs);
    return checkAll(lists, rules, inputs, () => '').map(toResult);
  }

  /** Write one checked value if it changes anything; the audit message when it does. */
  function apply(
    ref: DocumentRef,
    doc: StoredDocument,
    rule: FieldRule,
    write: FieldWrite,
  ): string | undefined {
    const before = wireValue(rule, doc);
    if (write.multi) {
      if (write.values.join('\n') === (doc.multi.get(rule.id) ?? []).join('\n')) return undefined;
      documentFields.setMulti(ref.databaseId, ref.docId, rule.id, write.values);
      doc.multi.set(rule.id, write.values);
    } else {
      if (sameStored(doc.values.get(rule.id) ?? null, write.value)) return undefined;
      documentFields.setValue(ref.databaseId, ref.docId, rule.id, write.value);
      doc.values.set(rule.id, write.value);
    }
    return `Field '${rule.name}' changed from '${shown(before)}' to '${shown(wireValue(rule, doc))}'`;
  }

  function stampModified(req: SaveRequest, rules: FieldRule[], changes: string[]): void {
    const { ref, userName, now } = req;
    for (const rule of rules.filter((r) => hasFlag(r.prop, FieldProp.LastModifiedBy)))
      documentFields.setValue(ref.databaseId, ref.docId, rule.id, userName);
    documentFields.touch(ref.databaseId, ref.docId, now);
    const base = { databaseId: ref.databaseId, archiveId: ref.archive.id, documentId: ref.docId };
    for (const message of changes)
      audit.add({
        ...base,
        oldArchiveId: 0,
        oldDocId: 0,
        userName,
        category: 'updated',
        message,
        time: now,
        connectionString: '',
      });
  }

  /** Check, then write and audit in one transaction; the document's values after the save. */
  async function save(req: SaveRequest): Promise<FieldValue[]> {
    const { ref } = req;
    const lists = await listsOf(fieldRules.ofArchive(ref.archive.id), req.inputs);
    return documentFields.transaction(() => {
      const doc = documentFields.read(ref.databaseId, ref.archive.id, ref.docId);
      if (!doc) throw notFound(messages.document(ref.archive.id, ref.docId));
      const rules = fieldRules.ofArchive(ref.archive.id);
      const byId = new Map(rules.map((r) => [r.id, r]));
      const inputs = req.inputs.filter((i) => !isUnchangedSystemValue(byId.get(i.id), i, doc));
      const current = (fieldId: number): string => {
        const rule = byId.get(fieldId);
        return rule ? wireValue(rule, doc).VAL : '';
      };
      const checks = checkAll(lists, rules, inputs, current);
      const refused = invalidSave(checks);
      if (refused) throw refused;
      const changes = checks.flatMap((c) => (c.valid ? (apply(ref, doc, c.rule, c.write) ?? []) : []));
      if (changes.length) stampModified(req, rules, changes);
      const after = documentFields.read(ref.databaseId, ref.archive.id, ref.docId) ?? doc;
      return rules.map((r) => wireValue(r, after));
    });
  }

  return { check, save };
}
export type FieldEdits = ReturnType<typeof createFieldEdits>;
