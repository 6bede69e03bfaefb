import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminPaths } from '@gs/contract/admin/paths';
import type { AdminDxcSource } from '@gs/contract/admin/server';
import {
  callAs,
  invalid,
  makeAdminServerApp,
  RO_ADMIN,
  type AdminServerApp,
  type Method,
} from '../../testing/adminServerWorld';

let t: AdminServerApp;
beforeEach(() => {
  t = makeAdminServerApp();
});
afterEach(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const as = (user: string, method: Method, path: string, body?: unknown) =>
  callAs(t, user, method, path, body);
const admin = (method: Method, path: string, body?: unknown) => as('SSAdministrator', method, path, body);
const dxc = (archive = t.w.invoices, db = t.w.alpha) => `admin/databases/${db}/archives/${archive}/dxc`;
const erp = () => ({
  name: 'ERP',
  ConnectionString: 'Data Source=erp01;Initial Catalog=Vendors;Integrated Security=SSPI',
  mapping: [{ archivefield: t.w.vendor, MAPPEDFIELD: 'VendorName' }],
});
const sources = async (): Promise<AdminDxcSource[]> =>
  (await admin('get', dxc()).expect(200)).body as AdminDxcSource[];

describe('admin/databases/{db}/archives/{id}/dxc', () => {
  it('adds, reads, replaces and deletes a source, each at once', async () => {
    expect(await sources()).toEqual([]);
    const made = (await admin('post', dxc(), erp()).expect(200)).body as AdminDxcSource;
    expect(made).toEqual({
      Id: expect.any(Number),
      Name: 'ERP',
      ConnectionString: 'Data Source=erp01;Initial Catalog=Vendors;Integrated Security=SSPI',
      UseInternal: false,
      InternalDatabase: 0,
      Mapping: [{ ArchiveField: t.w.vendor, MappedField: 'VendorName' }],
    });
    expect(await sources()).toEqual([made]);
    const one = adminPaths.archiveDxcSource(t.w.alpha, t.w.invoices, made.Id);
    expect((await admin('get', one).expect(200)).body).toEqual(made);

    const change = {
      Name: 'Own',
      UseInternal: true,
      InternalDatabase: t.w.alpha,
      Mapping: [
        { ArchiveField: t.w.amount, MappedField: 'Amount' },
        { ArchiveField: t.w.vendor, MappedField: 'Vendor' },
      ],
    };
    const changed = (await admin('put', `${dxc()}/${made.Id}`, change).expect(200)).body as AdminDxcSource;
    expect(changed).toEqual({ ...change, Id: made.Id, ConnectionString: '' });
    expect(await sources()).toEqual([changed]);

    expect((await admin('delete', `${dxc()}/${made.Id}`).expect(200)).body).toBe(true);
    expect(await sources()).toEqual([]);
    await admin('get', `${dxc()}/${made.Id}`).expect(404);
    await admin('delete', `${dxc()}/${made.Id}`).expect(404);
  });

  it("keeps each archive's sources apart; another archive's source is 404", async () => {
    const made = (await admin('post', dxc(), erp()).expect(200)).body as AdminDxcSource;
    expect((await admin('get', dxc(t.w.contracts)).expect(200)).body).toEqual([]);
    const res = await admin('get', `${dxc(t.w.contracts)}/${made.Id}`).expect(404);
    expect(res.body).toEqual({
      Message: `Data-exchange source ${made.Id} was not found in archive ${t.w.contracts}.`,
    });
    // the same name is free in another archive
    await admin('post', dxc(t.w.contracts), erp()).expect(200);
  });

  it('answers 404 for an archive of another database or a database that is not there', async () => {
    await admin('get', dxc(t.w.orders)).expect(404);
    await admin('post', dxc(t.w.orders), erp()).expect(404);
    await admin('get', dxc(t.w.invoices, 999)).expect(404);
    await admin('get', dxc(999)).expect(404);
  });

  it('refuses bad bodies with 400 and saves nothing', async () => {
    const ok = erp();
    for (const body of [
      undefined,
      [],
      { ...ok, name: '' },
      { ...ok, ConnectionString: '' },
      { ...ok, ConnectionString: undefined },
      { ...ok, UseInternal: 'perhaps' },
      { ...ok, UseInternal: true, InternalDatabase: 999 },
      { ...ok, mapping: [{ ArchiveField: 'x', MappedField: 'A' }] },
      { ...ok, mapping: [{ ArchiveField: t.w.vendor, MappedField: '' }] },
      {
        ...ok,
        mapping: [
          { ArchiveField: t.w.vendor, MappedField: 'A' },
          { ArchiveField: t.w.vendor, MappedField: 'B' },
        ],
      },
    ])
      expect((await admin('post', dxc(), body).expect(400)).body).toEqual(invalid);
    // Open has no Amount field
    const notOfArchive = { ...ok, mapping: [{ ArchiveField: t.w.amount, MappedField: 'A' }] };
    expect((await admin('post', dxc(t.w.open), notOfArchive).expect(400)).body).toEqual(invalid);
    expect(await sources()).toEqual([]);
  });

  it('refuses a name already in the archive with 409, also on PUT', async () => {
    await admin('post', dxc(), erp()).expect(200);
    const res = await admin('post', dxc(), { ...erp(), name: 'erp' }).expect(409);
    expect(res.body).toEqual({
      Message: `A data-exchange source named 'erp' already exists in archive ${t.w.invoices}.`,
    });
    const other = (await admin('post', dxc(), { ...erp(), name: 'CRM' }).expect(200)).body as AdminDxcSource;
    await admin('put', `${dxc()}/${other.Id}`, erp()).expect(409);
    expect((await sources()).map((s) => s.Name)).toEqual(['CRM', 'ERP']);
  });
});

describe('PUT .../dxc/DXTables', () => {
  const alphaTables = [
    { Name: 'Contracts', Columns: ['Vendor'] },
    { Name: 'Invoices', Columns: ['Vendor', 'Amount'] },
    { Name: 'Open', Columns: ['Vendor'] },
    { Name: 'Paid', Columns: ['Vendor', 'Amount'] },
  ];

  it("lists the archives and fields of the server's own database a source names", async () => {
    const byString = await admin('put', `${dxc()}/dxtables`, {
      connectionString: 'Server=localhost;Database=ALPHA',
    });
    expect(byString.status).toBe(200);
    expect(byString.body).toEqual(alphaTables);
    const internal = await admin('put', adminPaths.archiveDxcTables(t.w.alpha, t.w.invoices), {
      UseInternal: true,
      InternalDatabase: t.w.alpha,
    });
    expect(internal.body).toEqual(alphaTables);
    const beta = await admin('put', `${dxc()}/DXTables`, {
      ConnectionString: 'Initial Catalog="Beta"',
    }).expect(200);
    expect(beta.body).toEqual([{ Name: 'Orders', Columns: [] }]);
  });

  it('refuses another server, an unknown database or one the caller does not administer', async () => {
    for (const ConnectionString of [
      'Data Source=erp01;Initial Catalog=Alpha',
      'Data Source=(local)',
      'Database=Gamma',
      '',
    ])
      expect((await admin('put', `${dxc()}/DXTables`, { ConnectionString }).expect(400)).body).toEqual(
        invalid,
      );
    await as('dbadmin', 'put', `${dxc()}/DXTables`, { ConnectionString: 'Database=Alpha' }).expect(200);
    await as('dbadmin', 'put', `${dxc()}/DXTables`, { ConnectionString: 'Database=Beta' }).expect(400);
    await as('dbadmin', 'put', `${dxc()}/DXTables`, { UseInternal: true, InternalDatabase: t.w.beta }).expect(
      400,
    );
  });
});

describe('data-exchange rights', () => {
  it("a database's administrators only; a read-only licence only reads", async () => {
    await as('dbadmin', 'post', dxc(), erp()).expect(200);
    const message = { Message: 'You are not an administrator of any database.' };
    expect((await as('full.user', 'get', dxc()).expect(403)).body).toEqual(message);
    expect((await as('full.user', 'post', dxc(), erp()).expect(403)).body).toEqual(message);
    expect(
      (await as('full.user', 'put', `${dxc()}/DXTables`, { ConnectionString: 'Database=Alpha' }).expect(403))
        .body,
    ).toEqual(message);
    expect((await as('dbadmin', 'get', dxc(t.w.orders, t.w.beta)).expect(403)).body).toEqual({
      Message: `You are not an administrator of database ${t.w.beta}.`,
    });
    const [made] = await sources();
    await as(RO_ADMIN, 'get', dxc()).expect(200);
    for (const [method, path] of [
      ['post', dxc()],
      ['put', `${dxc()}/${made?.Id}`],
      ['delete', `${dxc()}/${made?.Id}`],
    ] as [Method, string][])
      expect((await as(RO_ADMIN, method, path, erp()).expect(403)).body).toEqual({
        Message: 'A read-only license cannot change the administration.',
      });
    expect(await sources()).toHaveLength(1);
  });
});
