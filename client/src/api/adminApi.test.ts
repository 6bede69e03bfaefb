// The admin API client (contract/admin/paths.ts) against the simulator's app in process
// (test/realServer.ts): what each call sends (the recorded request) and what the server then
// holds (read back through the API as SSAdministrator).
import { describe, expect, it } from 'vitest';
import type { AdminArchive, AdminDatabase, AdminField } from '@gs/contract/admin/catalog';
import { adminPaths as p } from '@gs/contract/admin/paths';
import {
  NEW_LICENSE_RULE_DEFAULTS,
  type AdminDxcSource,
  type AdminLicenseRule,
  type AdminRegistration,
} from '@gs/contract/admin/server';
import { realServer } from '../test/realServer';
import {
  adminFields,
  deleteAdminArchive,
  deleteAdminDatabase,
  getAdminDatabase,
  rebuildArchiveIndex,
  rebuildDatabaseIndexes,
  saveArchiveDxc,
  testAssemblyList,
} from './adminCatalog';
import {
  createAdminStamp,
  createLicenseRule,
  deleteLicenseRule,
  getRegistrationFeatures,
  register,
  updateLicenseRule,
} from './adminServer';
import { ApiError, createHttp } from './http';

const ADMIN = 'SSAdministrator';

const field: AdminField = {
  Id: 0,
  Name: 'PO Number',
  Type: 'character',
  Format: '',
  Regex: '',
  RegexMessage: '',
  RegSample: { Name: '', Value: '' },
  Length: 50,
  Required: false,
  MultiValue: false,
  SystemField: '',
  List: { Type: '', ListId: 0, Primary: 0, Secondary: 0, Mapping: [] },
  ExtendedConfig: '',
};

async function setup() {
  const server = realServer();
  const { token } = await server.signIn(ADMIN);
  const http = createHttp({
    getBaseUrl: () => '/Square9API/api/',
    getToken: () => token,
    fetch: server.fetch,
  });
  const last = () => server.requests.at(-1);
  const get = <T>(path: string) => server.call<T>(ADMIN, 'GET', path);
  return { http, server, w: server.w, token, last, get };
}

describe('admin API client (contract/admin/paths.ts)', () => {
  it('sends the token, the method, the path, the query and the contract body', async () => {
    const { http, w, token, last, get, server } = await setup();
    const made = await adminFields.create(http, w.alpha, field);
    expect(last()?.headers.get('Auth-Token')).toBe(token);
    expect(JSON.parse(last()?.body ?? '')).toEqual(field);
    expect(made.Id).toBeGreaterThan(0);
    expect((await get<AdminField[]>(p.fields(w.alpha, made.Id)))[0]?.Name).toBe('PO Number');

    await deleteAdminArchive(http, w.alpha, w.contracts, true);
    expect(last()?.url.searchParams.get('Drop')).toBe('true');
    expect((await get<AdminArchive[]>(p.archives(w.alpha))).map((a) => a.Id)).not.toContain(w.contracts);
    await deleteAdminDatabase(http, w.beta, false);
    expect([last()?.method, last()?.path, last()?.url.searchParams.get('Drop')]).toEqual([
      'DELETE',
      `admin/databases/${w.beta}`,
      'false',
    ]);
    expect((await get<AdminDatabase[]>(p.databases())).map((d) => d.Name)).toEqual(['Alpha']);
    expect((await getAdminDatabase(http, w.alpha))?.Name).toBe('Alpha');
    await rebuildDatabaseIndexes(http, w.alpha);
    expect(last()?.url.searchParams.get('rebuild')).toBe('true');
    await rebuildArchiveIndex(http, w.alpha, w.invoices);
    expect(last()?.url.searchParams.get('docCount')).toBe('1000');

    // data exchange: a new source is POSTed, a changed one PUT and a removed one DELETEd by id
    const dxc = p.archiveDxc(w.alpha, w.invoices);
    const erp: AdminDxcSource = {
      ...{ Id: 0, Name: 'ERP', ConnectionString: 'Server=erp', UseInternal: false, InternalDatabase: 0 },
      Mapping: [{ ArchiveField: w.vendor, MappedField: 'VENDOR' }],
    };
    await saveArchiveDxc(http, w.alpha, w.invoices, [], [erp]);
    expect([last()?.method, last()?.path]).toEqual(['POST', dxc]);
    const [saved] = await get<AdminDxcSource[]>(dxc);
    await saveArchiveDxc(http, w.alpha, w.invoices, [saved!], [{ ...saved!, Name: 'ERP 2' }]);
    expect([last()?.method, last()?.path]).toEqual(['PUT', `${dxc}/${saved!.Id}`]);
    expect((await get<AdminDxcSource[]>(dxc)).map((s) => s.Name)).toEqual(['ERP 2']);
    const sent = server.requests.length;
    await saveArchiveDxc(http, w.alpha, w.invoices, [saved!], [saved!]);
    expect(server.requests.length).toBe(sent);
    await saveArchiveDxc(http, w.alpha, w.invoices, [saved!], []);
    expect([last()?.method, last()?.path]).toEqual(['DELETE', `${dxc}/${saved!.Id}`]);
    expect(await get<AdminDxcSource[]>(dxc)).toEqual([]);

    // the simulator loads no assembly: an assembly list offers the values it holds
    const list = { Id: 0, Name: 'L', AssemblyPath: 'x.dll', AssemblyParameters: 'p', Values: ['a', 'b'] };
    expect(await testAssemblyList(http, w.alpha, list)).toEqual(['a', 'b']);
    expect(last()?.method).toBe('PUT');

    await getRegistrationFeatures(http);
    expect(last()?.url.searchParams.get('features')).toBe('true');
    // manual registration brings the number web registration finds for the serial
    const { UID, RegNumber } = await server.call<AdminRegistration>(ADMIN, 'POST', p.registration(), {
      Serial: 'SN-7',
    });
    await register(http, { UniqueId: UID, Serial: 'SN-7', Registration: RegNumber }, true);
    expect(last()?.method).toBe('PUT');
    expect((await get<AdminRegistration>(p.registration())).RegType).toBe('Manual');

    const rule = { IID: 0, Name: 'R', Type: 1, UserOrGroup: 'Accounting', ...NEW_LICENSE_RULE_DEFAULTS };
    const { IID } = await createLicenseRule(http, rule);
    await updateLicenseRule(http, { ...rule, IID, MaxTime: 9 });
    expect(JSON.parse(last()?.body ?? '').MaxTime).toBe(9);
    expect((await get<AdminLicenseRule>(p.licenseRule(IID))).MaxTime).toBe(9);
    await deleteLicenseRule(http, IID);
    expect(last()?.url.searchParams.get('IID')).toBe(String(IID));
    expect((await get<AdminLicenseRule[]>(p.licenseRules())).map((r) => r.IID)).not.toContain(IID);
  });

  it('turns an error envelope into an ApiError carrying the Message', async () => {
    const { http } = await setup();
    await createAdminStamp(http, 'PAID');
    const error = await createAdminStamp(http, 'paid').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).serverMessage).toBe('Stamp already exists.');
  });
});
