// Unit test of the API client: fetch is mocked; the HTTP rules of SPEC §8 and the list mapping.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/dashboard/providers/dataProvider';
import { ApiHttpError } from '../../../src/dashboard/providers/http';
import { setNavigator } from '../../../src/dashboard/navigation';

const PID = '01HZY8Q4J8M7V0K2T3R5N6P7QA';

function respond(status: number, body?: unknown) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  setNavigator(navigate);
  window.history.pushState({}, '', `/projects/${PID}/qr-codes?page=2`);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dataProvider', () => {
  it('sends credentials and Client-Type, and maps {data, meta.total} to {data, total}', async () => {
    const fetchMock = respond(200, {
      data: [{ id: 'a', name: 'A' }],
      meta: { total: 41, page: 1, perPage: 10 },
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = await dataProvider.getList('projects', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'demo' },
    });
    expect(result).toEqual({ data: [{ id: 'a', name: 'A' }], total: 41 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/projects?page=1&perPage=10&sort=name&order=ASC&q=demo');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Client-Type']).toBe('dashboard');
  });

  it('puts project-scoped resources under /projects/{pid}, from meta or the route', async () => {
    const fetchMock = respond(200, { data: [], meta: { total: 0 } });
    vi.stubGlobal('fetch', fetchMock);
    await dataProvider.getList('labels', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await dataProvider.getList('qr-codes', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
      meta: { projectId: 'OTHER' },
    });
    expect(String(fetchMock.mock.calls[0][0])).toMatch(
      new RegExp(`^/api/projects/${PID}/labels\\?`),
    );
    expect(String(fetchMock.mock.calls[1][0])).toMatch(/^\/api\/projects\/OTHER\/qr-codes\?/);
  });

  it('401 sends the user to /login with the current path as return_to', async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, { errors: [{ code: 'unauthenticated', detail: 'no session' }] }),
    );
    await expect(dataProvider.getOne('projects', { id: PID })).rejects.toMatchObject({
      status: 401,
    });
    expect(navigate).toHaveBeenCalledWith(
      `/login?return_to=${encodeURIComponent(`/projects/${PID}/qr-codes?page=2`)}`,
    );
  });

  it('401 on the login route is passed on without a redirect', async () => {
    window.history.pushState({}, '', '/login');
    vi.stubGlobal(
      'fetch',
      respond(401, { errors: [{ code: 'incorrect_email_password', detail: 'x' }] }),
    );
    await expect(dataProvider.getOne('projects', { id: PID })).rejects.toMatchObject({
      status: 401,
      code: 'incorrect_email_password',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('402 goes to /error, unless already there', async () => {
    vi.stubGlobal('fetch', respond(402, { errors: [{ code: 'trial_ended', detail: 'x' }] }));
    await expect(dataProvider.getOne('projects', { id: PID })).rejects.toMatchObject({
      status: 402,
    });
    expect(navigate).toHaveBeenCalledWith('/error?reason=subscription&code=trial_ended');

    navigate.mockClear();
    window.history.pushState({}, '', '/error');
    await expect(dataProvider.getOne('projects', { id: PID })).rejects.toMatchObject({
      status: 402,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('403 passes to the caller without navigation', async () => {
    vi.stubGlobal('fetch', respond(403, { errors: [{ code: 'forbidden', detail: 'x' }] }));
    await expect(dataProvider.getOne('customers', { id: 'x' })).rejects.toMatchObject({
      status: 403,
      message: 'errors.api.forbidden',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('422 field errors land at their paths with their args', async () => {
    vi.stubGlobal(
      'fetch',
      respond(422, {
        errors: [
          { code: 'max', detail: 'too long', source: { pointer: '/name' }, meta: { max: 255 } },
          {
            code: 'in',
            detail: 'bad',
            source: { pointer: '/localization/language' },
            meta: { values: ['nl', 'en'] },
          },
          { code: 'required', detail: 'second error on name', source: { pointer: '/name' } },
        ],
      }),
    );
    const error = await dataProvider
      .update('projects', { id: PID, data: { name: 'x'.repeat(300) }, previousData: { id: PID } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiHttpError);
    const httpError = error as ApiHttpError;
    expect(httpError.status).toBe(422);
    expect(httpError.body.fieldErrors).toEqual({
      name: { message: 'errors.api.max', args: { max: 255 } },
      'localization.language': { message: 'errors.api.in', args: { values: ['nl', 'en'] } },
    });
    // react-admin's form reads body.errors; each entry is its {message, args} in ValidationError's format.
    const decode = (text: string) => JSON.parse(text.replace('@@react-admin@@', ''));
    expect(decode(httpError.body.errors.name)).toEqual({
      message: 'errors.api.max',
      args: { max: 255 },
    });
    expect(decode(httpError.body.errors['localization.language'])).toEqual({
      message: 'errors.api.in',
      args: { values: 'nl, en' },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a network failure becomes an errors object', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL) => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await dataProvider
      .getOne('projects', { id: PID })
      .catch((caught: unknown) => caught)) as ApiHttpError;
    expect(error.status).toBe(0);
    expect(error.body.apiErrors[0]).toMatchObject({ code: 'internal', detail: 'Failed to fetch' });
  });

  it('custom methods call their endpoints', async () => {
    const fetchMock = respond(200, { data: { id: 'copy' } });
    vi.stubGlobal('fetch', fetchMock);
    await dataProvider.duplicate('projects', { id: PID });
    await dataProvider.trash('projects', { id: PID });
    await dataProvider.unlinkProjectUser(PID, 'U1');
    const calls = fetchMock.mock.calls.map((call) => {
      const [url, init] = call as unknown as [string, RequestInit];
      return `${init.method} ${url} ${init.body ?? ''}`.trim();
    });
    expect(calls).toEqual([
      `POST /api/projects/${PID}/duplicate`,
      `DELETE /api/projects/${PID}/trash`,
      `DELETE /api/projects/${PID}/users {"id":"U1"}`,
    ]);
  });
});
