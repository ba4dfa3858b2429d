// Bulk download of QR codes: one ZIP (qr-codes.zip) with one PNG or SVG per selected code, each
// drawn with the single-download helpers, names from the codes' names made unique.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { ListContextProvider, useList, type DataProvider } from 'react-admin';
import { BulkDownloadButton } from '../../../src/dashboard/bulk/BulkDownloadButton';
import { uniqueFileNames } from '../../../src/dashboard/bulk/qrZip';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
const drawn = vi.hoisted(() => [] as string[]);

vi.mock('../../../src/dashboard/qr-codes/download', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/dashboard/qr-codes/download')>();
  return {
    ...actual,
    // jsdom has no canvas: a tiny PNG-signed blob per code, carrying what it encodes.
    renderPng: vi.fn(async (source: { text: string }) => {
      drawn.push(source.text);
      return new Blob(
        [new Uint8Array([...PNG_SIGNATURE, ...new TextEncoder().encode(source.text)])],
        {
          type: 'image/png',
        },
      );
    }),
    renderSvg: vi.fn(async (source: { text: string }) => {
      drawn.push(source.text);
      return `<svg xmlns="http://www.w3.org/2000/svg"><metadata id="qrhub">${source.text}</metadata></svg>`;
    }),
    saveBlob: vi.fn((blob: Blob, name: string) => {
      saved.push({ blob, name });
    }),
  };
});

const id = (n: number) => `01HZY8Q4J8M7V0K2T3R5N6P${String(n).padStart(3, '0')}`;
const code = (n: number, name: string) => ({
  id: id(n),
  name,
  scanUrl: `https://qr.example.com/s/code${n}`,
  design: {},
});

const RECORDS = [code(1, 'Poster'), code(2, 'Poster'), code(3, 'Flyer / back'), code(4, 'Menu')];

function Harness({ selected }: { selected: string[] }) {
  const list = useList({ data: RECORDS, resource: 'qr-codes' });
  return (
    <ListContextProvider value={{ ...list, selectedIds: selected }}>
      <BulkDownloadButton projectId={PROJECT_ID} />
    </ListContextProvider>
  );
}

const dataProvider = {
  getMany: vi.fn(async () => ({ data: [] })),
} as unknown as DataProvider;

async function downloadZip(selected: string[], format: 'png' | 'svg') {
  renderWithAdmin(<Harness selected={selected} />, { dataProvider });
  fireEvent.click(await screen.findByTestId('bulk-download-zip'));
  fireEvent.click(await screen.findByTestId(`bulk-download-${format}`));
  await waitFor(() => expect(saved).toHaveLength(1));
  const [{ blob, name }] = saved;
  expect(name).toBe('qr-codes.zip');
  expect(blob.type).toBe('application/zip');
  return unzipSync(new Uint8Array(await blob.arrayBuffer()));
}

beforeEach(() => {
  saved.length = 0;
  drawn.length = 0;
});

describe('bulk download as ZIP', () => {
  it('holds one PNG per selected code, with unique names', async () => {
    const files = await downloadZip([id(1), id(2), id(3)], 'png');
    expect(Object.keys(files).sort()).toEqual(['Flyer-back.png', 'Poster-2.png', 'Poster.png']);
    for (const bytes of Object.values(files)) {
      expect([...bytes.slice(0, 4)]).toEqual(PNG_SIGNATURE);
    }
    // Each file is the code it is named after.
    expect(strFromU8(files['Poster-2.png'].slice(4))).toBe('https://qr.example.com/s/code2');
    expect(drawn).toEqual([
      'https://qr.example.com/s/code1',
      'https://qr.example.com/s/code2',
      'https://qr.example.com/s/code3',
    ]);
  });

  it('holds SVG files when SVG is chosen', async () => {
    const files = await downloadZip([id(4), id(1)], 'svg');
    expect(Object.keys(files).sort()).toEqual(['Menu.svg', 'Poster.svg']);
    expect(strFromU8(files['Menu.svg'])).toContain('https://qr.example.com/s/code4');
  });
});

describe('uniqueFileNames', () => {
  it('numbers repeats case-insensitively and never clashes with an existing name', () => {
    expect(uniqueFileNames(['A', 'a', 'A-2', 'A', ''], 'png')).toEqual([
      'A.png',
      'a-2.png',
      'A-2-2.png',
      'A-3.png',
      'qr-code.png',
    ]);
  });
});
