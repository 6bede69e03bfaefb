// The chosen user or group: change a user's password, set a group's members, delete either, and
// their rights (RightsEditor).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountType } from '@gs/contract/admin/security';
import { deleteGroup, deleteUser, setGroupMembers, updateUser } from '../../api/userAdmin';
import { ChoiceModal } from '../../components/Modal';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useAdminAction } from '../admin/useAdminAction';
import { RightsEditor } from './RightsEditor';
import type { PrincipalRow } from './securityRules';

function PasswordForm({ name }: { name: string }) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const differ = confirm !== '' && password !== confirm;
  return (
    <form
      className="security-form"
      aria-label={t('security.details.changePassword')}
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          (http) => updateUser(http, name, { Password: password }),
          () => (setPassword(''), setConfirm('')),
        );
      }}
    >
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        passwordLabel={t('security.details.newPassword')}
        confirmLabel={t('security.details.confirmPassword')}
      />
      {differ && <p role="alert">{t('security.details.passwordsDiffer')}</p>}
      <button type="submit" className="button" disabled={!password || password !== confirm}>
        {t('security.details.changePassword')}
      </button>
    </form>
  );
}

function MembersForm({
  group,
  users,
  onDone,
}: {
  group: PrincipalRow;
  users: PrincipalRow[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [members, setMembers] = useState(new Set(group.related));
  return (
    <fieldset className="security-members">
      <legend>{t('security.details.members')}</legend>
      {users.map((u) => (
        <label key={u.name}>
          <input
            type="checkbox"
            checked={members.has(u.name)}
            onChange={(e) => {
              const next = new Set(members);
              if (e.target.checked) next.add(u.name);
              else next.delete(u.name);
              setMembers(next);
            }}
          />
          {u.name}
        </label>
      ))}
      <button
        type="button"
        className="button"
        onClick={() => void run((http) => setGroupMembers(http, group.name, [...members]), onDone)}
      >
        {t('security.details.saveMembers')}
      </button>
    </fieldset>
  );
}

export function PrincipalDetails({
  principal,
  users,
  onChanged,
  onDeleted,
}: {
  principal: PrincipalRow;
  users: PrincipalRow[];
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [deleting, setDeleting] = useState(false);
  const isGroup = principal.type === AccountType.Group;
  return (
    <div className="security-details" data-testid="security-details">
      <header className="security-details__header">
        <h2>
          {principal.name} <small>{t(isGroup ? 'security.types.group' : 'security.types.user')}</small>
        </h2>
        {!isGroup && principal.related.length > 0 && (
          <p>
            {t('security.details.memberOf')}: {principal.related.join(', ')}
          </p>
        )}
        <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
          {t('security.details.delete', { name: principal.name })}
        </button>
      </header>
      {isGroup ? (
        <MembersForm key={principal.name} group={principal} users={users} onDone={onChanged} />
      ) : (
        <PasswordForm key={principal.name} name={principal.name} />
      )}
      <RightsEditor who={{ name: principal.name, type: principal.type }} />
      {deleting && (
        <ChoiceModal
          title={t('security.details.delete', { name: principal.name })}
          confirmLabel={t('security.details.delete', { name: principal.name })}
          focusConfirm
          onCancel={() => setDeleting(false)}
          onConfirm={() => {
            setDeleting(false);
            void run(
              (http) => (isGroup ? deleteGroup(http, principal.name) : deleteUser(http, principal.name)),
              onDeleted,
            );
          }}
        >
          <p>{t('security.details.confirmDelete', { name: principal.name })}</p>
        </ChoiceModal>
      )}
    </div>
  );
}
