// Bulk tag: one label for every selected item through POST …/labels/{id}/items, blocked up front
// (label_link_limit_reached) when an item already carries 10 other labels.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListContextProvider, useList, type DataProvider } from 'react-admin';
import { BulkTagButton } from '../../../src/dashboard/bulk/BulkTagButton';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const id = (n: number) => `01HZY8Q4J8M7V0K2T3R5N6P${String(n).padStart(3, '0')}`;
const label = (n: number) => ({ id: id(100 + n), name: `tag-${n}`, color: null });
const TEN = Array.from({ length: 10 }, (_, n) => label(n));
const EXTRA = label(42);

const dataProvider = {
  getList: async () => ({
    data: [...TEN, EXTRA].map((l) => ({ ...l, itemCount: 1 })),
    total: 11,
  }),
} as unknown as DataProvider;

function Harness() {
  const list = useList({ data: [{ id: id(1) }, { id: id(2) }], resource: 'short-links' });
  return (
    <ListContextProvider value={{ ...list, selectedIds: [id(1), id(2)] }}>
      <BulkTagButton projectId={PROJECT_ID} itemType="short_link" />
    </ListContextProvider>
  );
}

function stubApi() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ data: {} }), { status: 200 });
      }
      // item 1 carries ten labels (tag-0 … tag-9), item 2 none.
      return new Response(JSON.stringify({ data: { [id(1)]: TEN, [id(2)]: [] } }), {
        status: 200,
      });
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

async function pick(name: string) {
  const options = await screen.findAllByTestId('bulk-tag-option');
  const option = options.find((node) => node.textContent === name);
  if (!option) throw new Error(`no option ${name}`);
  fireEvent.click(option);
}

describe('BulkTagButton', () => {
  it('blocks a label that would give an item an eleventh one', async () => {
    const posts = stubApi();
    renderWithAdmin(<Harness />, { dataProvider });
    fireEvent.click(await screen.findByTestId('bulk-tag'));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await pick('tag-42');
    const alert = await screen.findByTestId('bulk-tag-limit');
    expect(alert.textContent).toContain('At most 10 labels can be linked');
    expect(alert.textContent).toContain('1 selected item already has 10 labels');
    expect(screen.getByTestId('bulk-tag-confirm').hasAttribute('disabled')).toBe(true);
    expect(posts).toHaveLength(0);
  });

  it('tags every selected item with a label one of them already has', async () => {
    const posts = stubApi();
    renderWithAdmin(<Harness />, { dataProvider });
    fireEvent.click(await screen.findByTestId('bulk-tag'));
    await pick('tag-3');
    expect(screen.queryByTestId('bulk-tag-limit')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('bulk-tag-confirm').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('bulk-tag-confirm'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: `/api/projects/${PROJECT_ID}/labels/${label(3).id}/items`,
      body: { itemType: 'short_link', itemIds: [id(1), id(2)] },
    });
  });
});
