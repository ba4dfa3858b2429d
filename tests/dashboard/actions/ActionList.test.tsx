// The Action list shows each Action's tags (from the API answer) as chips, has a tag filter, and a
// chip's click filters the list by that tag.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { ActionList } from '../../../src/dashboard/actions/ActionList';
import type { LabelSummary } from '../../../src/shared/schemas/label';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const tag = (n: number): LabelSummary => ({
  id: `01HZY8Q4J8M7V0K2T3R5N6P${String(n).padStart(3, '0')}`,
  name: `tag-${n}`,
  color: null,
});

const actions = [
  { id: '01HZY8Q4J8M7V0K2T3R5N6P7Q1', name: 'Tagged', labels: [tag(1), tag(2)] },
  { id: '01HZY8Q4J8M7V0K2T3R5N6P7Q2', name: 'Untagged', labels: [] },
].map((action) => ({
  ...action,
  projectId: PROJECT_ID,
  objectType: 'link',
  qrCodeCount: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
}));

describe('Action list: tags', () => {
  it('shows chips from the answer; a chip click filters the list by labelId', async () => {
    const asked: GetListParams[] = [];
    const dataProvider: DataProvider = testDataProvider({
      getList: (async (resource: string, params: GetListParams) => {
        if (resource === 'labels') {
          return { data: [tag(1), tag(2)].map((t) => ({ ...t, itemCount: 1 })), total: 2 };
        }
        asked.push(params);
        const labelId = params.filter?.labelId as string | undefined;
        const data = labelId
          ? actions.filter((a) => a.labels.some((l) => l.id === labelId))
          : actions;
        return { data, total: data.length };
      }) as DataProvider['getList'],
    });
    renderWithAdmin(
      <Routes>
        <Route path="/projects/:pid/qr-links" element={<ActionList />} />
      </Routes>,
      { dataProvider, path: `/projects/${PROJECT_ID}/qr-links` },
    );
    const list = await screen.findByTestId('action-list', {}, { timeout: 5000 });
    await waitFor(() => expect(within(list).getByText('Untagged')).toBeTruthy());
    expect(screen.getByTestId('label-filter')).toBeTruthy();
    const chips = within(list).getAllByTestId('label-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['tag-1', 'tag-2']);

    fireEvent.click(chips[1]);
    await waitFor(() => expect(asked.at(-1)?.filter).toMatchObject({ labelId: tag(2).id }));
    await waitFor(() => expect(within(list).queryByText('Untagged')).toBeNull());
    expect(within(list).getByText('Tagged')).toBeTruthy();
  });
});
