// The database editor: the name (stripped of what a database name may not hold, admin-spec §5),
// the server, and for a new database how to sign in to it (windows or SQL; password = confirm).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import { canSaveDatabaseName, stripDatabaseName } from '../adminRules';
import { EditorFrame, SelectInput, TextInput } from '../AdminForm';

export interface DatabaseEditorProps {
  database: AdminDatabase;
  isNew: boolean;
  onChange: (database: AdminDatabase) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function DatabaseEditor({ database, isNew, onChange, onSave, onCancel }: DatabaseEditorProps) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState('');
  const auth = database.Auth;
  const setAuth = (patch: Partial<AdminDatabase['Auth']>) =>
    onChange({ ...database, Auth: { ...auth, ...patch } });
  const error = !canSaveDatabaseName(database.Name)
    ? t('admin.errors.nameRequired')
    : isNew && auth.Type === 'sql' && auth.Pass !== confirm
      ? t('admin.databases.passwordMismatch')
      : null;
  return (
    <EditorFrame
      title={isNew ? t('admin.databases.create') : database.Name}
      error={error}
      onSave={onSave}
      onCancel={onCancel}
    >
      <TextInput
        label={t('admin.labels.name')}
        value={database.Name}
        onChange={(name) => onChange({ ...database, Name: stripDatabaseName(name) })}
      />
      <TextInput
        label={t('admin.databases.server')}
        value={database.Server}
        onChange={(Server) => onChange({ ...database, Server })}
      />
      {isNew && (
        <>
          <SelectInput
            label={t('admin.databases.authType')}
            value={auth.Type}
            options={[
              { value: 'windows', label: t('admin.databases.windows') },
              { value: 'sql', label: t('admin.databases.sql') },
            ]}
            onChange={(Type) => setAuth({ Type })}
          />
          {auth.Type === 'sql' && (
            <>
              <TextInput
                label={t('admin.databases.user')}
                value={auth.User}
                onChange={(User) => setAuth({ User })}
              />
              <TextInput
                label={t('admin.databases.password')}
                type="password"
                value={auth.Pass}
                onChange={(Pass) => setAuth({ Pass })}
              />
              <TextInput
                label={t('admin.databases.confirm')}
                type="password"
                value={confirm}
                onChange={setConfirm}
              />
            </>
          )}
        </>
      )}
    </EditorFrame>
  );
}
