// The ESLint rules of the layers: a service importing express or anything of http/ fails the lint,
// a route may, and a service may use domain/ and lib/ (decision 063); a repository may import only
// SQL, other repositories and the contract (decision 076).
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

const restricted = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('services stay off the request edge', () => {
  it('refuses express and http/ in a service, nested or not', async () => {
    const code = [
      "import type { Request } from 'express';",
      "import { badRequest } from '../http/errors';",
      "export { query } from '../../http/query';",
      'export type R = Request;',
      'export const b = badRequest;',
      '',
    ].join('\n');
    expect(await restricted('simulator/api/src/search/services/example.ts', code)).toHaveLength(3);
    expect(await restricted('simulator/api/src/services/example.test.ts', code)).toHaveLength(3);
    // a capability folder's services (decision 070)
    expect(await restricted('simulator/api/src/workflow/services/example.ts', code)).toHaveLength(3);
    expect(await restricted('simulator/api/src/search/services/deeper/example.ts', code)).toHaveLength(3);
  });

  it('lets a service use domain/ and lib/, and a route use the edge', async () => {
    const service = [
      "import { badRequest } from '../domain/errors';",
      "import { readKey } from '../lib/keys';",
      'export const b = [badRequest, readKey];',
      '',
    ].join('\n');
    expect(await restricted('simulator/api/src/services/example.ts', service)).toEqual([]);
    const routeCode =
      "import { Router } from 'express';\nimport { route } from '../http/route';\nexport const r = [Router, route];\n";
    expect(await restricted('simulator/api/src/routes/example.ts', routeCode)).toEqual([]);
    expect(await restricted('simulator/api/src/workflow/routes/example.ts', routeCode)).toEqual([]);
  });
});

describe('repositories know only SQL (decision 076)', () => {
  const refusals = async (file: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  };
  const importing = (...specs: string[]): string =>
    [
      ...specs.map((s, i) => `import * as m${i} from '${s}';`),
      `export const all = [${specs.map((_s, i) => `m${i}`).join(', ')}];`,
      '',
    ].join('\n');

  it('refuses the edge, services, routes, the file store, files and images in a repository, its tests too', async () => {
    const forbidden = importing(
      'express',
      '../../http/errors',
      '../services/licensing',
      '../../documents/services/documentAccess',
      '../routes/licenses',
      '../../files/services/fileStore',
      'sharp',
      'pdf-lib',
      'mupdf',
      'node:fs',
      'node:crypto',
      '../../lib/keys',
    );
    for (const file of [
      'simulator/api/src/licensing/repos/example.ts',
      'simulator/api/src/search/repos/example.test.ts',
    ])
      expect(await refusals(file, forbidden)).toHaveLength(12);
    const dynamic = "export const load = () => import('sharp');\nexport const fs = require('node:fs');\n";
    expect(await refusals('simulator/api/src/documents/repos/example.ts', dynamic)).toHaveLength(2);
  });

  it('lets a repository use SQL, other repositories and the contract; the secure ids their HMAC', async () => {
    const sql = importing(
      'better-sqlite3',
      '../../db/connection',
      '../../db/schemaText',
      './docSql',
      '../../documents/repos/docTables',
      '@gs/contract/flags',
      '@gs/contract/admin/catalog',
    );
    expect(await refusals('simulator/api/src/search/repos/example.ts', sql)).toEqual([]);
    const test = importing('vitest', '@gs/simulator-fixtures/builders', './docSql');
    expect(await refusals('simulator/api/src/search/repos/example.test.ts', test)).toEqual([]);
    const crypto = importing('node:crypto', '../../db/connection');
    expect(await refusals('simulator/api/src/security/repos/secureIds.ts', crypto)).toEqual([]);
    expect(await refusals('simulator/api/src/security/repos/usersRepo.ts', crypto)).toHaveLength(1);
  });
});
