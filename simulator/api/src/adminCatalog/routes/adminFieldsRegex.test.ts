// A field's RegEx runs on RE2 (decision 046): what RE2 cannot run is refused when the field is
// saved, patterns spelt for JavaScript/.NET still check values as before, and a stored pattern RE2
// cannot run (an older database, an imported package) checks nothing and is logged once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminField } from '@gs/contract/admin/catalog';
import { call, docSecureId, type EditTestApp } from '../../testing/editWorld';
import { adminCall, expectBadRequest, makeAdminApp, snapshot } from '../../testing/catalogAdminWorld';

let t: EditTestApp;
beforeEach(() => {
  t = makeAdminApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const fieldPath = (id?: number) => `admin/databases/${t.w.alpha}/fields${id === undefined ? '' : `/${id}`}`;
const vendor = async (): Promise<AdminField> => {
  const res = await adminCall(t, 'SSAdministrator', 'get', fieldPath(t.w.vendor)).expect(200);
  return (res.body as AdminField[])[0] as AdminField;
};
const saveVendor = (field: AdminField, regex: string, message = '') =>
  adminCall(t, 'SSAdministrator', 'put', fieldPath(t.w.vendor), {
    ...field,
    Regex: regex,
    RegexMessage: message,
  });
const putVendor = (value: string) =>
  call(
    t,
    'full.user',
    'put',
    `UpdateDocument/databases/${t.w.alpha}/archive/${t.e.ledger}/document/${t.e.doc1}/FieldData?secureId=${docSecureId(t, t.e.doc1)}`,
  ).send([{ ID: t.w.vendor, VAL: value, MVAL: [] }]);

describe("saving a field's RegEx", () => {
  it('refuses backreferences and lookaround with 400 and a Message, writing nothing', async () => {
    const fields = snapshot(t, 'fields');
    const field = await vendor();
    const refused = [
      String.raw`^(\d)\1$`,
      String.raw`(?<word>\w+) \k<word>`,
      String.raw`^(?=.*\d)\w+$`,
      String.raw`^(?!x)\w+$`,
      String.raw`(?<=\$)\d+`,
      String.raw`(?<!-)\d+`,
    ];
    for (const regex of refused) {
      await expectBadRequest(saveVendor(field, regex), /backreferences, lookahead or lookbehind/);
      await expectBadRequest(
        adminCall(t, 'SSAdministrator', 'post', fieldPath(), { Name: 'Serial Number', Regex: regex }),
        /backreferences, lookahead or lookbehind/,
      );
    }
    await expectBadRequest(saveVendor(field, '([a-z'), /regular expression '\(\[a-z' is not valid/);
    expect(snapshot(t, 'fields')).toEqual(fields);
  });

  it('keeps the JavaScript spelling working: the saved rule checks values as it says', async () => {
    const regex = String.raw`^(?<country>[\u0041-\u005A]{2})-\d{3}$`;
    const saved = await saveVendor(await vendor(), regex, 'Two capitals, a dash, three digits.');
    expect(saved.status).toBe(200);
    expect((saved.body as AdminField).Regex).toBe(regex);
    await putVendor('NO-123').expect(200);
    const res = await putVendor('no-123').expect(400);
    expect((res.body as { Message: string }).Message).toContain('Two capitals, a dash, three digits.');
  });

  it('reads the exponential pattern in linear time and still refuses what it refuses', async () => {
    await saveVendor(await vendor(), String.raw`^(\w+\s?)*$`, 'Words with single spaces.').expect(200);
    await putVendor('Acme  Corp').expect(400);
    await putVendor('Acme Corp').expect(200);
  });
});

describe('a stored RegEx that RE2 cannot run', () => {
  it('checks nothing and is logged once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const regex = String.raw`^(Stored)\1 only$`;
    t.db.prepare(`UPDATE fields SET regex = ? WHERE id = ?`).run(regex, t.w.vendor);
    await putVendor('Anything at all').expect(200);
    await putVendor('Something else').expect(200);
    const logged = warn.mock.calls.filter((c) => String(c[0]).includes(regex));
    expect(logged).toHaveLength(1);
  });
});
