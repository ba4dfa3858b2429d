// One way to the API from the dashboard (issue 8, part 8): every call goes through the
// dataProvider (the public pages' through the authProvider), so credentials, Client-Type, 401/402
// handling and error bodies are kept in one place. No screen calls fetch (or XMLHttpRequest) or
// the providers' http client (apiRequest, apiData) itself; only src/dashboard/providers does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DASHBOARD = join(__dirname, '../../../src/dashboard');

/** Requests that do not go to our API, each with the reason it needs its own call. */
const NOT_OUR_API: Record<string, string> = {
  // Page views for the third-party tracker a platform admin configured (Plausible, Matomo…):
  // no credentials, no-cors, keepalive; our API's rules do not apply.
  'analytics.ts': 'third-party tracker',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** A call of the global fetch or XMLHttpRequest; `refetch(` and `.fetch(` methods do not count. */
const RAW_CALL = /(?<![\w.])(?:fetch\s*\(|new\s+XMLHttpRequest\b)/;

/** The http client of the providers, imported or called: only a provider may use it. */
const HTTP_CLIENT = /\b(?:apiRequest|apiData)\b/;

describe('the dashboard reaches the API only through its providers', () => {
  it('has no raw fetch outside src/dashboard/providers', () => {
    const offenders = sourceFiles(DASHBOARD)
      .map((path) => relative(DASHBOARD, path).split('\\').join('/'))
      .filter((file) => !file.startsWith('providers/') && !(file in NOT_OUR_API))
      .filter((file) => RAW_CALL.test(readFileSync(join(DASHBOARD, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('has no call of the http client outside src/dashboard/providers', () => {
    const offenders = sourceFiles(DASHBOARD)
      .map((path) => relative(DASHBOARD, path).split('\\').join('/'))
      .filter((file) => !file.startsWith('providers/'))
      .filter((file) => HTTP_CLIENT.test(readFileSync(join(DASHBOARD, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises a raw call when it sees one', () => {
    expect(RAW_CALL.test('const r = await fetch(`${API_BASE}/x`);')).toBe(true);
    expect(RAW_CALL.test('const xhr = new XMLHttpRequest();')).toBe(true);
    expect(RAW_CALL.test('void refetch();')).toBe(false);
    expect(RAW_CALL.test('queryClient.fetch(key)')).toBe(false);
    expect(HTTP_CLIENT.test("import { apiRequest } from '../providers/http';")).toBe(true);
    expect(HTTP_CLIENT.test('await apiData(`/projects/${pid}`)')).toBe(true);
    expect(HTTP_CLIENT.test('await dataProvider.getPlans()')).toBe(false);
  });
});
