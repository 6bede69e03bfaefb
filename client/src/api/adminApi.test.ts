import { describe, expect, it } from 'vitest';
import type { AdminField } from '@gs/contract/admin/catalog';
import { NEW_LICENSE_RULE_DEFAULTS } from '@gs/contract/admin/server';
import { createFakeServer, json } from '../test/fakeServer';
import { TOKEN } from '../test/fixtures';
import {
  adminFields,
  deleteAdminArchive,
  deleteAdminDatabase,
  getAdminDatabase,
  putArchiveDxc,
  rebuildArchiveIndex,
  rebuildDatabaseIndexes,
  testAssemblyList,
} from './adminCatalog';
import {
  createAdminStamp,
  deleteLicenseRule,
  getRegistrationFeatures,
  register,
  updateLicenseRule,
} from './adminServer';
import { ApiError, createHttp } from './http';

const field: AdminField = {
  Id: 0,
  Name: 'Vendor',
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

function setup(routes: Parameters<typeof createFakeServer>[0]) {
  const fake = createFakeServer(routes);
  const http = createHttp({ getBaseUrl: () => '/Square9API/api/', getToken: () => TOKEN, fetch: fake.fetch });
  const last = () => fake.requests.at(-1);
  return { http, fake, last };
}

describe('admin API client (contract/admin/paths.ts)', () => {
  it('sends the token, the method, the path, the query and the contract body', async () => {
    const { http, last } = setup({
      'POST admin/databases/1/fields': (r) => ({ ...JSON.parse(r.body ?? '{}'), Id: 9 }),
      'DELETE admin/databases/1/archives/4': json(null),
      'DELETE admin/databases/2': json(null),
      'GET admin/databases/1': [
        { Id: 1, Name: 'Demo', Server: '', Auth: { Type: 'sql', User: '', Pass: '' } },
      ],
      'GET admin/databases/1/archives/4/indexrebuild': true,
      'PUT admin/databases/1/archives/4/dxc': json(null),
      'PUT admin/databases/1/lists': ['a', 'b'],
      'GET admin/registration': {},
      'PUT admin/registration': json(null),
      'DELETE admin/licenserules': json(null),
      'PUT admin/licenserules': json(null),
    });
    const made = await adminFields.create(http, 1, field);
    expect(made.Id).toBe(9);
    expect(last()?.headers.get('Auth-Token')).toBe(TOKEN);
    expect(JSON.parse(last()?.body ?? '')).toEqual(field);

    await deleteAdminArchive(http, 1, 4, true);
    expect(last()?.url.searchParams.get('Drop')).toBe('true');
    await deleteAdminDatabase(http, 2, false);
    expect([last()?.method, last()?.path, last()?.url.searchParams.get('Drop')]).toEqual([
      'DELETE',
      'admin/databases/2',
      'false',
    ]);
    expect((await getAdminDatabase(http, 1))?.Name).toBe('Demo');
    await rebuildDatabaseIndexes(http, 1);
    expect(last()?.url.searchParams.get('rebuild')).toBe('true');
    await rebuildArchiveIndex(http, 1, 4);
    expect(last()?.url.searchParams.get('docCount')).toBe('1000');
    await putArchiveDxc(http, 1, 4, []);
    expect(JSON.parse(last()?.body ?? '')).toEqual({ DXTables: [] });
    expect(
      await testAssemblyList(http, 1, {
        Id: 0,
        Name: 'L',
        AssemblyPath: 'x.dll',
        AssemblyParameters: 'p',
        Values: [],
      }),
    ).toEqual(['a', 'b']);
    await getRegistrationFeatures(http);
    expect(last()?.url.searchParams.get('features')).toBe('true');
    await register(http, { UniqueId: 'u', Serial: 's', Registration: 'r' }, true);
    expect(last()?.method).toBe('PUT');
    await deleteLicenseRule(http, 7);
    expect(last()?.url.searchParams.get('IID')).toBe('7');
    await updateLicenseRule(http, {
      IID: 7,
      Name: 'R',
      Type: 1,
      UserOrGroup: 'g',
      ...NEW_LICENSE_RULE_DEFAULTS,
    });
    expect(JSON.parse(last()?.body ?? '').MaxTime).toBe(8);
  });

  it('turns an error envelope into an ApiError carrying the Message', async () => {
    const { http } = setup({ 'POST admin/stamps': json({ Message: 'Stamp already exists.' }, 400) });
    const error = await createAdminStamp(http, 'PAID').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Stamp already exists.');
  });
});
