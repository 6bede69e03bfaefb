// The ESLint rule that keeps the server's English off the client's screens (decision 068): a
// component or module of client/src that reads an ApiError's serverMessage or message, a body's
// Message, MessageDetail or StatusMessage, or the helper's helperMessage fails the lint unless the
// words go straight into lib/serverTexts; lib/serverTexts itself, the http layer and tests may.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

const refusals = async (file: string, code: string): Promise<number> => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter(
    (m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('lib/serverTexts'),
  ).length;
};

const raw = [
  "import { ApiError } from '../../api/http';",
  'export const a = (e: unknown) => (e instanceof ApiError ? e.serverMessage : null);',
  'export const b = (error: Error) => error.message;',
  'export const c = (r: { Message: string }) => <li>{r.Message}</li>;',
  'export const d = (r: { MessageDetail: string; StatusMessage: string }) => r.MessageDetail + r.StatusMessage;',
  'export const e = ({ Message }: { Message: string }) => Message;',
  'export const f = (h: { helperMessage: string }) => h.helperMessage;',
  '',
].join('\n');

const through = [
  "import type { TFunction } from 'i18next';",
  "import { translateHistoryLine, translateServerError, translateServerMessage } from '../../lib/serverTexts';",
  'export const a = (t: TFunction, e: unknown) => translateServerError(t, e);',
  'export const b = (t: TFunction, r: { Message: string }) => <li>{translateServerMessage(t, r.Message)}</li>;',
  'export const c = (t: TFunction, r: { Message: string }) => translateHistoryLine(t, r.Message);',
  '',
].join('\n');

describe('server words reach the screen through lib/serverTexts', () => {
  it('refuses every raw read of them in client/src', async () => {
    expect(await refusals('client/src/features/example/Example.tsx', raw)).toBe(7);
    expect(await refusals('client/src/components/Example.tsx', raw)).toBe(7);
  });

  it('lets them go straight into lib/serverTexts, and lets serverTexts, the http layer and tests read them', async () => {
    expect(await refusals('client/src/features/example/Example.tsx', through)).toBe(0);
    expect(await refusals('client/src/lib/serverTexts.ts', raw.replace(/<li>(.*?)<\/li>/, '$1'))).toBe(0);
    expect(await refusals('client/src/api/http.ts', raw.replace(/<li>(.*?)<\/li>/, '$1'))).toBe(0);
    expect(await refusals('client/src/features/example/Example.test.tsx', raw)).toBe(0);
  });
});
