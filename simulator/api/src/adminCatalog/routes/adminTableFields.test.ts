import { beforeEach, describe, expect, it } from 'vitest';
import { TABLE_FIELD_MIN_ROWS, type AdminTableField } from '@gs/contract/admin/catalog';
import { FieldProp } from '@gs/contract/flags';
import type { EditTestApp } from '../../testing/editWorld';
import { adminCall, expectBadRequest, makeAdminApp, snapshot } from '../../testing/catalogAdminWorld';

let t: EditTestApp;
beforeEach(() => {
  t = makeAdminApp();
});
const path = (id?: number, db = t.w.alpha) =>
  `admin/databases/${db}/tablefields${id === undefined ? '' : `/${id}`}`;
const as = (user: string, method: Parameters<typeof adminCall>[2], p: string, body?: unknown) =>
  adminCall(t, user, method, p, body);
/** the Prop of a field as end users see it in the archive's field list */
const propSeen = async (fieldId: number): Promise<number> => {
  const res = await as('full.user', 'get', `dbs/${t.w.alpha}/archives/${t.e.ledger}?type=fields`).expect(200);
  return (res.body as { ID: number; Prop: number }[]).find((f) => f.ID === fieldId)?.Prop ?? -1;
};

describe('admin/databases/{db}/tablefields', () => {
  it('creates, reads, changes and deletes a table field; its members carry the table-field bit', async () => {
    const made = await as('SSAdministrator', 'post', path(), {
      name: 'Line items',
      fields: [t.e.code, t.e.price],
    }).expect(200);
    const tf = made.body as AdminTableField;
    expect(tf).toEqual({ Id: tf.Id, Name: 'Line items', Fields: [t.e.code, t.e.price] });
    expect(await propSeen(t.e.price)).toBe(FieldProp.TableField);
    await as('dbadmin', 'get', path(tf.Id)).expect(200, tf);
    expect((await as('dbadmin', 'get', path()).expect(200)).body).toEqual([tf]);

    const changed = await as('SSAdministrator', 'put', path(tf.Id), {
      Name: 'Lines 2',
      Fields: [t.e.price, t.e.qty],
    }).expect(200);
    expect(changed.body).toEqual({ Id: tf.Id, Name: 'Lines 2', Fields: [t.e.price, t.e.qty] });
    expect(await propSeen(t.e.code)).toBe(0);
    expect(await propSeen(t.e.qty)).toBe(FieldProp.TableField);

    expect((await as('SSAdministrator', 'delete', path(tf.Id)).expect(200)).body).toBe(true);
    expect(await propSeen(t.e.qty)).toBe(0);
    await as('SSAdministrator', 'get', path(tf.Id)).expect(404);
  });

  it("refuses fewer than one row ('Can not have less than 1 Row.') and fields that cannot be rows", async () => {
    const before = snapshot(t, 'table_fields');
    const bad: [object, RegExp | string][] = [
      [{ Name: 'T', Fields: [] }, TABLE_FIELD_MIN_ROWS],
      [{ Name: 'T' }, TABLE_FIELD_MIN_ROWS],
      [{ Name: '', Fields: [t.e.qty] }, /needs a name/],
      [{ Name: 'T', Fields: [t.e.customer] }, /system, multi-value or required/],
      [{ Name: 'T', Fields: [t.e.tags] }, /system, multi-value or required/],
      [{ Name: 'T', Fields: [t.e.modifiedBy] }, /system, multi-value or required/],
      [{ Name: 'T', Fields: [99999] }, /Field 99999 was not found/],
      [{ Name: 'T', Fields: ['x'] }, /table field is not valid/],
    ];
    for (const [body, detail] of bad)
      await expectBadRequest(as('SSAdministrator', 'post', path(), body), detail);
    expect(snapshot(t, 'table_fields')).toEqual(before);

    const tf = (await as('SSAdministrator', 'post', path(), { Name: 'T', Fields: [t.e.qty] }).expect(200))
      .body as AdminTableField;
    await expectBadRequest(
      as('SSAdministrator', 'post', path(), { Name: 't', Fields: [t.e.price] }),
      /already exists/,
    );
    await expectBadRequest(
      as('SSAdministrator', 'post', path(), { Name: 'U', Fields: [t.e.qty] }),
      /already belongs/,
    );
    await expectBadRequest(
      as('SSAdministrator', 'put', path(tf.Id), { Name: 'T', Fields: [] }),
      TABLE_FIELD_MIN_ROWS,
    );
    // a member cannot become required through the fields route
    await expectBadRequest(
      as('SSAdministrator', 'put', `admin/databases/${t.w.alpha}/fields/${t.e.qty}`, {
        Name: 'Quantity',
        Type: 'numeric',
        Required: true,
      }),
      /belongs to a table field/,
    );
  });

  it('answers 403 to a read-only licence and to a non-admin', async () => {
    for (const [user, method, p] of [
      ['reader', 'post', path()],
      ['reader', 'put', path(1)],
      ['reader', 'delete', path(1)],
      ['full.user', 'get', path()],
      ['dbadmin', 'get', path(undefined, t.w.beta)],
    ] as const) {
      const res = await as(user, method, p, { Name: 'T', Fields: [t.e.qty] }).expect(403);
      expect(res.body).toHaveProperty('Message');
    }
    expect(snapshot(t, 'table_fields')).toEqual([]);
  });
});
