// Licence rules (admin-spec §3, §5): the four built-ins are read-only, IID 1 is never deleted, a
// new rule starts at 8 hours and 15 minutes idle. Failing to load them goes back to DATABASES.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_RULE_TIME_TYPES, type AdminLicenseRule } from '@gs/contract/admin/server';
import {
  createLicenseRule,
  deleteLicenseRule,
  getLicenseRules,
  updateLicenseRule,
} from '../../../api/adminServer';
import { useApiQuery } from '../../../api/useApiQuery';
import { canDeleteRule, isBuiltInRule, newLicenseRule } from '../adminRules';
import { AdminCards } from '../AdminCards';
import { EditorFrame, NumberInput, SelectInput, TextInput } from '../AdminForm';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useAdminAction } from '../useAdminAction';
import { useEditor } from '../useEditor';

const LICENSE_TYPES = [1, 2, 4] as const;
const ruleKey = (rule: AdminLicenseRule) => rule.IID;

function RuleEditor({
  editor,
  onSaved,
}: {
  editor: ReturnType<typeof useEditor<AdminLicenseRule>>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const rule = editor.draft;
  if (!rule) return null;
  const set = (patch: Partial<AdminLicenseRule>) => editor.update((r) => ({ ...r, ...patch }));
  const units = LICENSE_RULE_TIME_TYPES.map((u) => ({ value: u, label: t(`admin.licenseRules.units.${u}`) }));
  const save = () =>
    void run(
      (http) => (editor.isNew ? createLicenseRule(http, rule) : updateLicenseRule(http, rule)),
      () => {
        editor.close();
        onSaved();
      },
    );
  return (
    <EditorFrame
      title={editor.isNew ? t('admin.licenseRules.create') : rule.Name}
      error={rule.Name.trim() ? null : t('admin.errors.nameRequired')}
      onSave={save}
      onCancel={editor.close}
    >
      <TextInput label={t('admin.labels.name')} value={rule.Name} onChange={(Name) => set({ Name })} />
      <SelectInput
        label={t('admin.licenseRules.type')}
        value={rule.Type}
        options={LICENSE_TYPES.map((v) => ({ value: v, label: t(`admin.licenseRules.types.${v}`) }))}
        onChange={(Type) => set({ Type })}
      />
      <NumberInput
        label={t('admin.licenseRules.maxTime')}
        value={rule.MaxTime}
        onChange={(MaxTime) => set({ MaxTime })}
      />
      <SelectInput
        label={t('admin.licenseRules.unit')}
        value={rule.MaxTimeType}
        options={units}
        onChange={(MaxTimeType) => set({ MaxTimeType })}
      />
      <NumberInput
        label={t('admin.licenseRules.idle')}
        value={rule.MaxTimeLastAccessed}
        onChange={(MaxTimeLastAccessed) => set({ MaxTimeLastAccessed })}
      />
      <SelectInput
        label={t('admin.licenseRules.idleUnit')}
        value={rule.MaxTimeLastAccessedType}
        options={units}
        onChange={(MaxTimeLastAccessedType) => set({ MaxTimeLastAccessedType })}
      />
      <TextInput
        label={t('admin.licenseRules.userOrGroup')}
        value={rule.UserOrGroup}
        onChange={(UserOrGroup) => set({ UserOrGroup })}
      />
    </EditorFrame>
  );
}

function RuleList({ rules, reload }: { rules: AdminLicenseRule[]; reload: () => void }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const editor = useEditor(rules, newLicenseRule, ruleKey);
  const [deleting, setDeleting] = useState<AdminLicenseRule | null>(null);
  if (editor.draft) return <RuleEditor editor={editor} onSaved={reload} />;
  return (
    <>
      <AdminCards
        createLabel={t('admin.licenseRules.create')}
        onCreate={() => editor.open('new')}
        items={rules.map((r) => ({
          id: r.IID,
          name: r.Name,
          canEdit: !isBuiltInRule(r),
          canDelete: canDeleteRule(r),
          detail: isBuiltInRule(r)
            ? t('admin.licenseRules.builtIn')
            : t('admin.licenseRules.summary', {
                max: r.MaxTime,
                maxUnit: t(`admin.licenseRules.units.${r.MaxTimeType}`),
                idle: r.MaxTimeLastAccessed,
                idleUnit: t(`admin.licenseRules.units.${r.MaxTimeLastAccessedType}`),
              }),
        }))}
        onEdit={(id) => editor.open(id)}
        onDelete={(id) => setDeleting(rules.find((r) => r.IID === id) ?? null)}
      />
      {deleting && (
        <ConfirmDeleteModal
          kind="licenseRule"
          name={deleting.Name}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const iid = deleting.IID;
            setDeleting(null);
            void run((http) => deleteLicenseRule(http, iid), reload);
          }}
        />
      )}
    </>
  );
}

export function LicenseRulesMode({ onLoadFailed }: { onLoadFailed: () => void }) {
  const [state, reload] = useApiQuery('admin:license-rules', getLicenseRules);
  return (
    <QueryBoundary preset="admin" state={state} reload={reload} onError={onLoadFailed}>
      {(rules) => <RuleList rules={rules} reload={reload} />}
    </QueryBoundary>
  );
}
