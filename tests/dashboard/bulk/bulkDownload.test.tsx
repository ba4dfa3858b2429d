// The print pack bulk action: the selected codes' ids and the print settings go to the server
// (dataProvider.printPack), the button counts finished codes while the ZIP streams in, and the
// answer is saved as print-pack.zip. PackProgress counts codes in a real streamed ZIP.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { strToU8, Zip, ZipPassThrough } from 'fflate';
import { ListContextProvider, useList, type DataProvider } from 'react-admin';
import { BulkDownloadButton } from '../../../src/dashboard/bulk/BulkDownloadButton';
import { PackProgress } from '../../../src/dashboard/bulk/packProgress';
import { PROJECT_ID, renderWithAdmin } from '../helpers';

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);

vi.mock('../../../src/dashboard/qr-codes/download', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/dashboard/qr-codes/download')>();
  return {
    ...actual,
    saveBlob: vi.fn((blob: Blob, name: string) => {
      saved.push({ blob, name });
    }),
  };
});

const id = (n: number) => `01HZY8Q4J8M7V0K2T3R5N6P${String(n).padStart(3, '0')}`;
const RECORDS = [1, 2, 3].map((n) => ({
  id: id(n),
  name: `Code ${n}`,
  scanUrl: `https://q.example/${n}`,
  design: {},
}));

function Harness({ selected }: { selected: string[] }) {
  const list = useList({ data: RECORDS, resource: 'qr-codes' });
  return (
    <ListContextProvider value={{ ...list, selectedIds: selected }}>
      <BulkDownloadButton projectId={PROJECT_ID} />
    </ListContextProvider>
  );
}

beforeEach(() => {
  saved.length = 0;
});

describe('print pack bulk action', () => {
  it('asks the server for the selected codes with the chosen settings and shows progress', async () => {
    let finish: () => void = () => undefined;
    const printPack = vi.fn(
      (
        _pid: string,
        _ids: string[],
        _settings: unknown,
        onProgress: (d: number, t: number) => void,
      ) =>
        new Promise<Blob>((resolve) => {
          onProgress(1, 2);
          finish = () => resolve(new Blob(['zip'], { type: 'application/zip' }));
        }),
    );
    const dataProvider = {
      getMany: vi.fn(async () => ({ data: [] })),
      printPack,
    } as unknown as DataProvider;
    renderWithAdmin(<Harness selected={[id(1), id(3)]} />, { dataProvider });
    fireEvent.click(await screen.findByTestId('bulk-download-zip'));
    fireEvent.change(await screen.findByTestId('qr-print-size'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('bulk-print-pack-build'));
    expect((await screen.findByTestId('bulk-print-pack-progress')).textContent).toMatch(/1.*2/);
    expect(printPack).toHaveBeenCalledWith(
      PROJECT_ID,
      [id(1), id(3)],
      { size: 25, dpi: 300, bleed: false, cmyk: false, force: false },
      expect.any(Function),
    );
    finish();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('print-pack.zip');
  });
});

describe('PackProgress', () => {
  it('counts the EPS entries of a ZIP fed in small pieces, each once', () => {
    const pieces: Uint8Array[] = [];
    const zip = new Zip((_error, chunk) => pieces.push(chunk));
    for (let n = 1; n <= 5; n += 1) {
      for (const ext of ['png', 'svg', 'pdf', 'eps']) {
        const entry = new ZipPassThrough(`Code-${n}/Code.${ext}`);
        zip.add(entry);
        entry.push(strToU8(`${ext} ${'x'.repeat(n * 37)}`), true);
      }
    }
    zip.end();
    const all = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
    let offset = 0;
    for (const piece of pieces) {
      all.set(piece, offset);
      offset += piece.length;
    }
    const progress = new PackProgress();
    const seen: number[] = [];
    for (let at = 0; at < all.length; at += 7) seen.push(progress.feed(all.subarray(at, at + 7)));
    expect(seen.at(-1)).toBe(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
