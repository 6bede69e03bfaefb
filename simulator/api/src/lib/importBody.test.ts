import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import { parseImportBody } from './importBody';

describe('parseImportBody', () => {
  it('reads any key casing, gathers a field named twice into its values and lists the files', () => {
    const body = {
      Fields: [
        { Name: '3', Value: 'ACME' },
        { name: 7, value: 'a' },
        { name: '7', value: null },
      ],
      FILES: [{ name: 'one.pdf' }],
    };
    expect(parseImportBody(body)).toEqual({
      fields: [
        { id: 3, val: 'ACME', mval: [] },
        { id: 7, val: 'a', mval: ['a', ''] },
      ],
      files: ['one.pdf'],
    });
  });

  it('answers 400 with the specifics on a body without files or with a field name that is not an ID', () => {
    const errorOf = (body: unknown): unknown => {
      try {
        parseImportBody(body);
      } catch (err) {
        return err;
      }
      throw new Error('the body was accepted');
    };
    const noFiles = errorOf({ fields: [], files: [] });
    expect(noFiles).toBeInstanceOf(DomainError);
    expect((noFiles as DomainError).kind).toBe('invalid');
    expect(JSON.stringify((noFiles as DomainError).body)).toMatch(/files/);
    expect(
      (errorOf({ fields: [{ name: 'Vendor', value: 'x' }], files: [{ name: 'a' }] }) as DomainError).body,
    ).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "The field name 'Vendor' is not a field ID.",
    });
  });
});
