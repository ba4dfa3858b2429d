// The reusable tag parts: chips of a record's tags, and the in-place tag editor that saves through
// PUT …/{items}/{id}/labels.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider, type DataProvider } from 'react-admin';
import { LabelChips } from '../../../src/dashboard/labels/LabelChips';
import { LabelsInput } from '../../../src/dashboard/labels/LabelsInput';
import { CHIP_HOVER, chipSx, textOn } from '../../../src/dashboard/labels/labelColors';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const id = (n: number) => `01HZY8Q4J8M7V0K2T3R5N6P${String(n).padStart(3, '0')}`;
const label = (n: number, color: string | null = null) => ({ id: id(n), name: `tag-${n}`, color });

function provider(labels: ReturnType<typeof label>[]): DataProvider {
  const list = async () => ({
    data: labels.map((l) => ({ ...l, itemCount: 0 })),
    total: labels.length,
  });
  return {
    getList: list,
    getOne: async () => ({ data: { id: 'x' } }),
    getMany: async () => ({ data: [] }),
    getManyReference: list,
    create: async () => ({ data: { id: 'x' } }),
    update: async () => ({ data: { id: 'x' } }),
    updateMany: async () => ({ data: [] }),
    delete: async () => ({ data: { id: 'x' } }),
    deleteMany: async () => ({ data: [] }),
  } as DataProvider;
}

afterEach(() => vi.unstubAllGlobals());

describe('LabelChips', () => {
  it("shows the record's tags, at most `max` and a +n for the rest", async () => {
    renderWithAdmin(
      <RecordContextProvider value={{ id: 'r', labels: [label(1, '#fd1056'), label(2), label(3)] }}>
        <LabelChips max={2} />
      </RecordContextProvider>,
    );
    const chips = await screen.findAllByTestId('label-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['tag-1', 'tag-2']);
    expect(screen.getByText('+1')).toBeTruthy();
  });

  it('picks readable text on a tag colour', () => {
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#f9a825')).toBe('#000000');
    // The brand pink: black has 5.4:1 on it, white only 3.9:1 (axe, issue 13).
    expect(textOn('#fd1056')).toBe('#000000');
    expect(textOn('#2e7d32')).toBe('#ffffff');
  });

  it('keeps a clickable chip in its tag colour on hover, a little darker', () => {
    const sx = chipSx({ color: '#0277bd' });
    expect(sx).toMatchObject({ bgcolor: '#0277bd', color: '#ffffff' });
    expect(sx[CHIP_HOVER]).toEqual({ bgcolor: 'rgb(1, 101, 160)', color: '#ffffff' });
    expect(chipSx({ color: null })).toEqual({});
  });
});

describe('LabelsInput', () => {
  it('adds a tag and saves the whole set with PUT …/short-links/{id}/labels', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        saved.push({
          url: String(input),
          method: init?.method,
          body: JSON.parse(String(init?.body)),
        });
        return new Response(JSON.stringify({ data: [label(1), label(2)] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithAdmin(
      <LabelsInput
        itemType="short_link"
        itemId={id(99)}
        projectId={PROJECT_ID}
        labels={[label(1)]}
      />,
      { dataProvider: provider([label(1), label(2)]) },
    );
    const input = within(screen.getByTestId('labels-input')).getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText('tag-2'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      url: `/api/projects/${PROJECT_ID}/short-links/${id(99)}/labels`,
      method: 'PUT',
      body: { labelIds: [id(1), id(2)] },
    });
    await waitFor(() => expect(screen.getAllByTestId('label-chip')).toHaveLength(2));
    expect(screen.getByText('2 of at most 10; changes are saved at once')).toBeTruthy();
  });
});
