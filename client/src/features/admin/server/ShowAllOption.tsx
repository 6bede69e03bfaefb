// The `{ShowAll}` option of archives and inboxes: a checkbox saved as soon as it changes.
import { useTranslation } from 'react-i18next';
import type { AdminShowAllOptions } from '@gs/contract/admin/catalog';
import type { Http } from '../../../api/http';
import { useApiQuery } from '../../../api/useApiQuery';
import { CheckInput } from '../AdminForm';
import { useAdminAction } from '../useAdminAction';

export function ShowAllOption({
  queryKey,
  load,
  save,
}: {
  queryKey: string;
  load: (http: Http) => Promise<AdminShowAllOptions>;
  save: (http: Http, options: AdminShowAllOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const run = useAdminAction();
  const [state, reload] = useApiQuery(queryKey, load);
  if (state.status !== 'success') return null;
  return (
    <CheckInput
      label={t('admin.options.showAll')}
      checked={state.data?.ShowAll === true}
      onChange={(ShowAll) => void run((http) => save(http, { ShowAll }), reload)}
    />
  );
}
