// The tags on the details screens of a QR code, a short link and an Action: the tags input shows
// the record's chips, saves through PUT …/{qr-codes|short-links|actions}/{id}/labels, and a tag
// change does not reset what is being typed in the form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { testDataProvider, type DataProvider } from 'react-admin';
import { QrCodeEdit } from '../../../src/dashboard/qr-codes/QrCodeEdit';
import { ActionEdit } from '../../../src/dashboard/actions/ActionEdit';
import { ShortLinkEdit } from '../../../src/dashboard/short-links/ShortLinkEdit';
import { DEFAULT_QR_DESIGN } from '../../../src/shared/schemas/qrCode';
import { ALWAYS_ACTIVE } from '../../../src/shared/activity';
import type { LabelSummary } from '../../../src/shared/schemas/label';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

// jsdom has no canvas: the preview and the download panel are not this test's business.
vi.mock('../../../src/dashboard/design/QrPreview', () => ({
  QrPreview: ({ testId = 'qr-preview' }: { testId?: string }) => <div data-testid={testId} />,
}));
vi.mock('../../../src/dashboard/qr-codes/QrDownloadPanel', () => ({
  QrDownloadPanel: () => <div data-testid="qr-download-panel" />,
}));

const QR_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QR';
const ACTION_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QS';
const LINK_ID = '01HZY8Q4J8M7V0K2T3R5N6P7QT';
const tag = (n: number, color: string | null = null): LabelSummary => ({
  id: `01HZY8Q4J8M7V0K2T3R5N6P${String(n).padStart(3, '0')}`,
  name: `tag-${n}`,
  color,
});
const ALL_TAGS = [tag(1, '#fd1056'), tag(2), tag(3)];

function qrCode(labels: LabelSummary[]) {
  return {
    id: QR_ID,
    projectId: PROJECT_ID,
    code: 'AbCdEfGhIj',
    scanUrl: 'http://localhost/s/AbCdEfGhIj',
    name: 'Poster',
    description: null,
    actionId: null,
    action: null,
    templateId: null,
    design: DEFAULT_QR_DESIGN,
    labels,
    scans: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    trashedAt: null,
  };
}

function action(labels: LabelSummary[]) {
  return {
    id: ACTION_ID,
    projectId: PROJECT_ID,
    name: 'Landing page',
    objectType: 'link',
    data: { link: 'https://example.com/' },
    activity: ALWAYS_ACTIVE,
    qrCodeCount: 0,
    labels,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function shortLink(labels: LabelSummary[]) {
  return {
    id: LINK_ID,
    projectId: PROJECT_ID,
    host: 'localhost',
    uri: 'spring',
    scanUrl: 'http://localhost/l/spring',
    name: 'Spring sale',
    description: null,
    actionId: null,
    action: null,
    labels,
    scans: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    trashedAt: null,
  };
}

const RECORDS: Record<string, (labels: LabelSummary[]) => object> = {
  'qr-codes': qrCode,
  'short-links': shortLink,
  actions: action,
};

/** A data provider whose record's tags are `current.labels`; the project's tags are ALL_TAGS. */
function provider(resource: string, current: { labels: LabelSummary[] }): DataProvider {
  return testDataProvider({
    getOne: (async (asked: string) => ({
      data:
        asked === resource
          ? RECORDS[resource](current.labels)
          : { id: PROJECT_ID, customerId: null },
    })) as DataProvider['getOne'],
    getList: (async (asked: string) =>
      asked === 'labels'
        ? { data: ALL_TAGS.map((t) => ({ ...t, itemCount: 0 })), total: ALL_TAGS.length }
        : { data: [], total: 0 }) as DataProvider['getList'],
    getMany: (async () => ({ data: [] })) as DataProvider['getMany'],
  });
}

/** fetch answers the PUT …/labels with the ids sent, and records the calls. */
function stubLabelsPut(current: { labels: LabelSummary[] }) {
  const calls: { url: string; method?: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { labelIds: string[] };
      calls.push({ url: String(input), method: init?.method, body });
      current.labels = ALL_TAGS.filter((t) => body.labelIds.includes(t.id));
      return new Response(JSON.stringify({ data: current.labels }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const chipNames = (root: HTMLElement) =>
  within(root)
    .queryAllByTestId('label-chip')
    .map((chip) => chip.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('QR code details: tags', () => {
  it("shows the tags input with the record's chips", async () => {
    const current = { labels: [tag(1, '#fd1056'), tag(2)] };
    renderWithAdmin(<QrCodeEdit pid={PROJECT_ID} id={QR_ID} />, {
      dataProvider: provider('qr-codes', current),
      path: `/projects/${PROJECT_ID}/qr-code/${QR_ID}/details/edit`,
    });
    const input = await screen.findByTestId('labels-input');
    await waitFor(() => expect(chipNames(input)).toEqual(['tag-1', 'tag-2']));
    expect(screen.getByText('2 of at most 10; changes are saved at once')).toBeTruthy();
  });

  it('saves a new tag through PUT …/qr-codes/{id}/labels and keeps the typed name', async () => {
    const current = { labels: [tag(1, '#fd1056')] };
    const calls = stubLabelsPut(current);
    renderWithAdmin(<QrCodeEdit pid={PROJECT_ID} id={QR_ID} />, {
      dataProvider: provider('qr-codes', current),
      path: `/projects/${PROJECT_ID}/qr-code/${QR_ID}/details/edit`,
    });
    const name = (await screen.findByTestId('qr-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Poster'));
    fireEvent.change(name, { target: { value: 'Poster, not saved yet' } });

    const input = await screen.findByTestId('labels-input');
    fireEvent.mouseDown(within(input).getByRole('combobox'));
    fireEvent.click(await screen.findByText('tag-3'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/projects/${PROJECT_ID}/qr-codes/${QR_ID}/labels`,
      method: 'PUT',
      body: { labelIds: [tag(1).id, tag(3).id] },
    });
    await waitFor(() => expect(chipNames(input)).toEqual(['tag-1', 'tag-3']));
    // The record was refetched with its new tags; the form kept what was typed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(name.value).toBe('Poster, not saved yet');
  });
});

describe('Short link details: tags', () => {
  it('saves a new tag through PUT …/short-links/{id}/labels and keeps the typed fields', async () => {
    const current = { labels: [tag(2)] };
    const calls = stubLabelsPut(current);
    renderWithAdmin(<ShortLinkEdit pid={PROJECT_ID} id={LINK_ID} />, {
      dataProvider: provider('short-links', current),
      path: `/projects/${PROJECT_ID}/short-links/${LINK_ID}/details/edit`,
    });
    const name = (await screen.findByTestId('short-link-name-input')) as HTMLInputElement;
    const uri = (await screen.findByTestId('short-link-uri-input')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Spring sale'));
    fireEvent.change(name, { target: { value: 'Spring sale, not saved yet' } });
    fireEvent.change(uri, { target: { value: 'spring-2026' } });

    const input = await screen.findByTestId('labels-input');
    await waitFor(() => expect(chipNames(input)).toEqual(['tag-2']));
    fireEvent.mouseDown(within(input).getByRole('combobox'));
    fireEvent.click(await screen.findByText('tag-3'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/projects/${PROJECT_ID}/short-links/${LINK_ID}/labels`,
      method: 'PUT',
      body: { labelIds: [tag(2).id, tag(3).id] },
    });
    await waitFor(() => expect(chipNames(input)).toEqual(['tag-2', 'tag-3']));
    // The record was refetched with its new tags; the form kept what was typed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(name.value).toBe('Spring sale, not saved yet');
    expect(uri.value).toBe('spring-2026');
  });
});

describe('Action details: tags', () => {
  it("shows the record's chips and saves through PUT …/actions/{id}/labels", async () => {
    const current = { labels: [tag(2)] };
    const calls = stubLabelsPut(current);
    renderWithAdmin(
      <Routes>
        <Route path="/projects/:pid/qr-link/:id/details/edit" element={<ActionEdit />} />
      </Routes>,
      {
        dataProvider: provider('actions', current),
        path: `/projects/${PROJECT_ID}/qr-link/${ACTION_ID}/details/edit`,
      },
    );
    const input = await screen.findByTestId('labels-input');
    await waitFor(() => expect(chipNames(input)).toEqual(['tag-2']));
    fireEvent.mouseDown(within(input).getByRole('combobox'));
    fireEvent.click(await screen.findByText('tag-1'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: `/api/projects/${PROJECT_ID}/actions/${ACTION_ID}/labels`,
      method: 'PUT',
      body: { labelIds: [tag(2).id, tag(1).id] },
    });
    await waitFor(() => expect(chipNames(input)).toEqual(['tag-1', 'tag-2']));
  });
});
