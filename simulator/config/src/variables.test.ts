// The one configuration schema (decision 060): good values, each bad form, the defaults. Each test
// passes its own environment record, so the runner's environment plays no part.
import { describe, expect, it } from 'vitest';
import { apiCorsOrigins, helperApiPath, helperCorsOrigins } from './derived';
import { ConfigError, parseConfig } from './load';
import { VARIABLES } from './variables';

const bad = (env: Record<string, string>): string[] => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.lines];
    throw error;
  }
  throw new Error('the environment was accepted');
};

describe('the configuration schema', () => {
  it('gives every default for an empty environment, and blank values count as unset', () => {
    for (const env of [{}, Object.fromEntries(Object.keys(VARIABLES).map((k) => [k, '  ']))]) {
      const c = parseConfig(env);
      expect(c).toMatchObject({
        PORT: 8080,
        HELPER_HTTP_PORT: 9080,
        HELPER_HTTPS_PORT: 9443,
        DATA_DIR: './data',
        SCENARIO: 'demo',
        SIM_TEST_ENDPOINTS: false,
        SEARCH_READ_WORKERS: 2,
        LICENSE_IDLE_MINUTES: 20,
        PDF_CONVERT_DELAY_SECONDS: 5,
        UPLOAD_QUOTA_MB: 1024,
        UPLOAD_CACHE_HOURS: 24,
        SIM_UPLOAD_MAX_BYTES: 200 * 1024 * 1024,
        UPLOAD_URL_ALLOW: [],
        BATCH_STEP_MS: 10_000,
        LIST_QUERY_MS: 2000,
        PDF_TIME_LIMIT_MS: 15_000,
        HELPER_HOSTS: [],
        HELPER_USER: 'SSAdministrator',
        CHROMIUM_PATH: '/usr/bin/chromium',
        BENCH_SERVER_NODE_ARGS: [],
      });
      expect(c.TRAINER_PASSWORD).toBeUndefined();
      expect(c.CORS_ORIGINS).toBeUndefined();
      expect(apiCorsOrigins(c)).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
      expect(helperApiPath(c)).toBe('http://localhost:8080/Square9API/');
    }
  });

  it('reads good values into their types', () => {
    const c = parseConfig({
      PORT: '0',
      LICENSE_IDLE_MINUTES: '45',
      PDF_CONVERT_DELAY_SECONDS: '0.5',
      UPLOAD_QUOTA_MB: '0.25',
      SIM_TEST_ENDPOINTS: '1',
      HELPER_TEST_ENDPOINTS: '0',
      SEARCH_READ_WORKERS: '0',
      UPLOAD_URL_ALLOW: ' 127.0.0.1, ,10.0.0.0/8,files.local ',
      CORS_ORIGINS: 'https://GS.example.com:443/, http://localhost:5173',
      HELPER_HOSTS: 'Helper.Example,helper.example:9080',
      HELPER_API_PATH: 'http://api.local:8080/Square9API',
      BENCH_SERVER_NODE_ARGS: '--cpu-prof  --cpu-prof-dir=/tmp/p',
      TRAINER_PASSWORD: 'secret',
    });
    expect(c).toMatchObject({
      PORT: 0,
      LICENSE_IDLE_MINUTES: 45,
      PDF_CONVERT_DELAY_SECONDS: 0.5,
      UPLOAD_QUOTA_MB: 0.25,
      SIM_TEST_ENDPOINTS: true,
      HELPER_TEST_ENDPOINTS: false,
      SEARCH_READ_WORKERS: 0,
      UPLOAD_URL_ALLOW: ['127.0.0.1', '10.0.0.0/8', 'files.local'],
      CORS_ORIGINS: ['https://gs.example.com', 'http://localhost:5173'],
      HELPER_HOSTS: ['helper.example', 'helper.example:9080'],
      HELPER_API_PATH: 'http://api.local:8080/Square9API/',
      BENCH_SERVER_NODE_ARGS: ['--cpu-prof', '--cpu-prof-dir=/tmp/p'],
      TRAINER_PASSWORD: 'secret',
    });
  });

  it('keeps * for the API and gives the helper its defaults for it', () => {
    const c = parseConfig({ CORS_ORIGINS: 'https://a.example,*', PORT: '18280' });
    expect(apiCorsOrigins(c)).toBe('*');
    expect(helperCorsOrigins(c)).toEqual(['http://localhost:18280', 'http://127.0.0.1:18280']);
  });

  it.each([
    [
      'LICENSE_IDLE_MINUTES',
      '20m',
      'LICENSE_IDLE_MINUTES must be a whole number of minutes, at least 1 (got "20m")',
    ],
    [
      'LICENSE_IDLE_MINUTES',
      '0',
      'LICENSE_IDLE_MINUTES must be a whole number of minutes, at least 1 (got "0")',
    ],
    [
      'LICENSE_IDLE_MINUTES',
      '2.5',
      'LICENSE_IDLE_MINUTES must be a whole number of minutes, at least 1 (got "2.5")',
    ],
    [
      'LICENSE_IDLE_MINUTES',
      '1e3',
      'LICENSE_IDLE_MINUTES must be a whole number of minutes, at least 1 (got "1e3")',
    ],
    ['PORT', '-1', 'PORT must be a port number from 0 to 65535 (0: any free port) (got "-1")'],
    [
      'HELPER_HTTP_PORT',
      '65536',
      'HELPER_HTTP_PORT must be a port number from 0 to 65535 (0: any free port) (got "65536")',
    ],
    ['SEARCH_READ_WORKERS', 'two', 'SEARCH_READ_WORKERS must be a whole number of threads (got "two")'],
    [
      'PDF_CONVERT_DELAY_SECONDS',
      '5s',
      'PDF_CONVERT_DELAY_SECONDS must be a number of seconds (like 24 or 0.5), 0 or more (got "5s")',
    ],
    [
      'UPLOAD_QUOTA_MB',
      '0',
      'UPLOAD_QUOTA_MB must be a number of MiB (like 24 or 0.5), more than 0 (got "0")',
    ],
    [
      'UPLOAD_CACHE_HOURS',
      '1h',
      'UPLOAD_CACHE_HOURS must be a number of hours (like 24 or 0.5), more than 0 (got "1h")',
    ],
    [
      'SIM_UPLOAD_MAX_BYTES',
      '10MB',
      'SIM_UPLOAD_MAX_BYTES must be a whole number of bytes, at least 1 (got "10MB")',
    ],
    ['BATCH_STEP_MS', 'NaN', 'BATCH_STEP_MS must be a whole number of milliseconds, at least 1 (got "NaN")'],
    [
      'LIST_QUERY_MS',
      'Infinity',
      'LIST_QUERY_MS must be a whole number of milliseconds, at least 1 (got "Infinity")',
    ],
    [
      'PDF_TIME_LIMIT_MS',
      '0x10',
      'PDF_TIME_LIMIT_MS must be a whole number of milliseconds, at least 1 (got "0x10")',
    ],
    ['SIM_TEST_ENDPOINTS', 'true', 'SIM_TEST_ENDPOINTS must be 1 (on) or 0 (off) (got "true")'],
    ['HELPER_TEST_ENDPOINTS', 'yes', 'HELPER_TEST_ENDPOINTS must be 1 (on) or 0 (off) (got "yes")'],
    [
      'CORS_ORIGINS',
      'gs.example.com',
      'CORS_ORIGINS must be * or comma-separated origins like https://gs.example.com,http://localhost:5173 (got "gs.example.com")',
    ],
    [
      'CORS_ORIGINS',
      'file:///etc',
      'CORS_ORIGINS must be * or comma-separated origins like https://gs.example.com,http://localhost:5173 (got "file:///etc")',
    ],
    [
      'HELPER_HOSTS',
      'ok.example,evil/x',
      'HELPER_HOSTS must be comma-separated host names like helper.example or helper.example:9080 (got "ok.example,evil/x")',
    ],
    [
      'HELPER_HOSTS',
      'helper.example:70000',
      'HELPER_HOSTS must be comma-separated host names like helper.example or helper.example:9080 (got "helper.example:70000")',
    ],
    [
      'HELPER_API_PATH',
      'ftp://api.local/',
      'HELPER_API_PATH must be an http:// or https:// address like http://localhost:8080/Square9API/ (got "ftp://api.local/")',
    ],
  ])('refuses %s=%s with a message naming it, its value and the form', (name, value, message) => {
    expect(bad({ [name]: value })).toEqual([message]);
  });

  it('names every bad variable once, in one message', () => {
    expect(bad({ PORT: 'http', LICENSE_IDLE_MINUTES: '20m', DATA_DIR: '/tmp/x' })).toEqual([
      'PORT must be a port number from 0 to 65535 (0: any free port) (got "http")',
      'LICENSE_IDLE_MINUTES must be a whole number of minutes, at least 1 (got "20m")',
    ]);
  });
});
