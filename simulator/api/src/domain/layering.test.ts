// The ESLint rule that keeps services off the request edge (decision 063): a service importing
// express or anything of http/ fails the lint, a route may, and a service may use domain/ and lib/.
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
