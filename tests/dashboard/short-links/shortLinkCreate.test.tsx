// The create screen of a short link: a suggested free uri to start with, the suggest button, the
// uri's rules at the field as soon as it is typed in, and the server's duplicate at the field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { DataProvider } from 'react-admin';
import {
  newShortLinkBody,
  ShortLinkCreate,
  validateNewShortLink,
} from '../../../src/dashboard/short-links/ShortLinkCreate';
import { ApiHttpError } from '../../../src/dashboard/providers/http';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const SCAN_BASE = 'http://localhost:3000/s/';

function stubSuggestions(uris: string[]) {
  const queue = [...uris];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (!url.includes('/short-links/suggest-uri')) throw new Error(`unexpected fetch ${url}`);
    const uri = queue.shift() ?? 'fallback';
    return new Response(JSON.stringify({ data: { uri, scanUrl: `${SCAN_BASE}${uri}` } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function dataProvider(overrides: Partial<DataProvider> = {}): DataProvider {
  const empty = async () => ({ data: [], total: 0 });
  return {
    getList: empty,
    getOne: async () => ({ data: { id: 'x' } }),
    getMany: async () => ({ data: [] }),
    getManyReference: empty,
    create: async (_resource, params) => ({
      data: { id: '01HZY8Q4J8M7V0K2T3R5N6P7QZ', ...params.data },
    }),
    update: async (_resource, params) => ({ data: { id: params.id, ...params.data } }),
    updateMany: async () => ({ data: [] }),
    delete: async (_resource, params) => ({ data: { id: params.id } }),
    deleteMany: async () => ({ data: [] }),
    ...overrides,
  } as DataProvider;
}

function renderCreate(provider = dataProvider()) {
  return renderWithAdmin(
    <Routes>
      <Route path="/projects/:pid/short-links/create" element={<ShortLinkCreate />} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>,
    { path: `/projects/${PROJECT_ID}/short-links/create`, dataProvider: provider },
  );
}

const uriInput = () => screen.getByTestId('short-link-uri-input') as HTMLInputElement;

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShortLinkCreate', () => {
  it('fills the uri with a suggested free one and shows the scan base in front', async () => {
    const fetchMock = stubSuggestions(['Ab3dEf7']);
    renderCreate();
    await waitFor(() => expect(uriInput().value).toBe('Ab3dEf7'), { timeout: 5000 });
    expect(String(fetchMock.mock.calls[0][0])).toContain(
      `/api/projects/${PROJECT_ID}/short-links/suggest-uri`,
    );
    expect(screen.getByText(SCAN_BASE)).toBeTruthy();
    // The rules are shown before anything goes wrong.
    expect(screen.getByText(/Only letters a–z and A–Z, digits, - and _; at most 64/)).toBeTruthy();
  });

  it('the suggest button puts a new random uri in the field', async () => {
    stubSuggestions(['first12', 'second9']);
    renderCreate();
    await waitFor(() => expect(uriInput().value).toBe('first12'), { timeout: 5000 });
    fireEvent.click(screen.getByTestId('short-link-suggest'));
    await waitFor(() => expect(uriInput().value).toBe('second9'), { timeout: 5000 });
  });

  it('shows the uri rule at the field while typing a bad character', async () => {
    stubSuggestions(['okay123']);
    renderCreate();
    await waitFor(() => expect(uriInput().value).toBe('okay123'), { timeout: 5000 });
    fireEvent.change(uriInput(), { target: { value: 'summer sale!' } });
    await screen.findByText(/Use only letters a–z and A–Z, digits, - and _/);
    fireEvent.change(uriInput(), { target: { value: 'summer-sale' } });
    await waitFor(() =>
      expect(screen.queryByText(/Use only letters a–z and A–Z, digits, - and _/)).toBeNull(),
    );
  });

  it("shows the server's shortlink_uri_duplicated_entry at the uri field", async () => {
    stubSuggestions(['taken12']);
    const create = vi.fn(async () => {
      throw new ApiHttpError(
        'errors.api.shortlink_uri_duplicated_entry',
        422,
        {
          errors: {
            uri: '@@react-admin@@{"message":"errors.api.shortlink_uri_duplicated_entry","args":{}}',
          },
          fieldErrors: {
            uri: { message: 'errors.api.shortlink_uri_duplicated_entry', args: {} },
          },
          apiErrors: [
            {
              code: 'shortlink_uri_duplicated_entry',
              detail: 'taken',
              source: { pointer: '/uri' },
            },
          ],
        },
        'shortlink_uri_duplicated_entry',
      );
    });
    renderCreate(dataProvider({ create }));
    await waitFor(() => expect(uriInput().value).toBe('taken12'), { timeout: 5000 });
    fireEvent.change(screen.getByTestId('short-link-name-input'), {
      target: { value: 'Summer' },
    });
    fireEvent.click(screen.getByTestId('short-link-save'));
    await screen.findByText('This short link is already in use');
    expect(create).toHaveBeenCalledTimes(1);
    const [, params] = create.mock.calls[0] as unknown as [
      string,
      { data: unknown; meta: unknown },
    ];
    expect(params.data).toEqual({
      uri: 'taken12',
      name: 'Summer',
      description: null,
      actionId: null,
    });
    expect(params.meta).toEqual({ projectId: PROJECT_ID });
  });
});

describe('a short link from a pasted destination URL', () => {
  it('sends the destination as a new link Action, in the same request', () => {
    expect(
      newShortLinkBody({
        uri: ' spring ',
        name: 'Spring sale ',
        description: '',
        destination: ' https://shop.example/spring ',
        actionId: null,
      }),
    ).toEqual({
      uri: 'spring',
      name: 'Spring sale',
      description: null,
      actionId: null,
      action: {
        name: 'Spring sale',
        objectType: 'link',
        data: { link: 'https://shop.example/spring' },
      },
    });
    expect(newShortLinkBody({ uri: 'x1', name: 'X', actionId: 'A'.repeat(26) })).toEqual({
      uri: 'x1',
      name: 'X',
      description: null,
      actionId: 'A'.repeat(26),
    });
  });

  it('checks the destination with the shared link rule, and refuses it beside a QR link', () => {
    const base = { uri: 'spring', name: 'Spring sale', description: '' };
    expect(
      validateNewShortLink({ ...base, destination: 'javascript:alert(1)' }).destination,
    ).toBeTruthy();
    expect(
      validateNewShortLink({ ...base, destination: 'shop.example/spring' }).destination,
    ).toBeUndefined();
    expect(
      validateNewShortLink({ ...base, destination: 'https://a.example/', actionId: 'A'.repeat(26) })
        .destination,
    ).toEqual({ message: 'app.short_links.destination_or_action', args: {} });
  });
});
