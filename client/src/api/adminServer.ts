// The administration API's server-wide objects (admin-spec §7, wire §2.8): inboxes and their
// options, stamps, registration, licence rules and SQL instances.
import type { AdminShowAllOptions } from '@gs/contract/admin/catalog';
import { adminPaths } from '@gs/contract/admin/paths';
import type {
  AdminInbox,
  AdminInboxSecurity,
  AdminLicenseRule,
  AdminRegistration,
  AdminRegistrationRequest,
  AdminStamp,
} from '@gs/contract/admin/server';
import { asList, asOne } from './adminCatalog';
import type { Http } from './http';

// Inboxes
export const getAdminInboxes = async (http: Http) =>
  asList(await http.request<AdminInbox[] | null>(adminPaths.inboxes()));
export const getAdminInboxSecurity = async (http: Http, id: number) =>
  asList(await http.request<AdminInboxSecurity[] | null>(adminPaths.inboxes(id)));
export const createAdminInbox = async (http: Http, body: AdminInbox) =>
  asOne(await http.request<AdminInbox | null>(adminPaths.inboxes(), { method: 'POST', body })) ?? body;
export const deleteAdminInbox = (http: Http, id: number) =>
  http.request<unknown>(adminPaths.inboxes(id), { method: 'DELETE' });
export const getInboxOptions = (http: Http) => http.request<AdminShowAllOptions>(adminPaths.inboxOptions());
export const putInboxOptions = (http: Http, body: AdminShowAllOptions) =>
  http.request<unknown>(adminPaths.inboxOptions(), { method: 'PUT', body });

// Stamps
export const getAdminStamps = async (http: Http) =>
  asList(await http.request<AdminStamp[] | null>(adminPaths.stamps()));
export const createAdminStamp = async (http: Http, text: string) => {
  const body: AdminStamp = { Id: 0, Text: text };
  return asOne(await http.request<AdminStamp | null>(adminPaths.stamps(), { method: 'POST', body })) ?? body;
};
export const deleteAdminStamp = (http: Http, id: number) =>
  http.request<unknown>(adminPaths.stamps(id), { method: 'DELETE' });

// Registration
export const getRegistration = async (http: Http) =>
  asOne(await http.request<AdminRegistration[] | AdminRegistration | null>(adminPaths.registration()));
export const getRegistrationFeatures = (http: Http) =>
  http.request<unknown>(adminPaths.registration(), { query: { features: true } });
/** POST registers on line; PUT is the manual registration (admin-spec §2 modal). */
export const register = (http: Http, body: AdminRegistrationRequest, manual: boolean) =>
  http.request<unknown>(adminPaths.registration(), { method: manual ? 'PUT' : 'POST', body });

// Licence rules
export const getLicenseRules = async (http: Http) =>
  asList(await http.request<AdminLicenseRule[] | null>(adminPaths.licenseRules()));
export const createLicenseRule = async (http: Http, body: AdminLicenseRule) =>
  asOne(await http.request<AdminLicenseRule | null>(adminPaths.licenseRules(), { method: 'POST', body })) ??
  body;
export const updateLicenseRule = (http: Http, body: AdminLicenseRule) =>
  http.request<unknown>(adminPaths.licenseRules(), { method: 'PUT', body });
export const deleteLicenseRule = (http: Http, iid: number) =>
  http.request<unknown>(adminPaths.licenseRules(), { method: 'DELETE', query: { IID: iid } });

// SQL instances
export const getDefaultInstance = (http: Http) => http.request<unknown>(adminPaths.defaultInstance());
export const getInstances = async (http: Http) =>
  asList(await http.request<unknown[] | null>(adminPaths.instances()));
