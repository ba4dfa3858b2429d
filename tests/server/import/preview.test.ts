// The import preview over the files other tools export (Shlink, Dub, Bitly), a Dutch Excel CSV
// (BOM, semicolons, CRLF) and an XLSX workbook: rows mapped to our fields, errors per row.
import fs from 'node:fs';
import path from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../../src/shared/schemas/import.js';
import { uriFromShortUrl } from '../../../src/server/import/formats.js';
import { ImportFileError, previewImport } from '../../../src/server/import/preview.js';

const sample = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'samples', name));
const codes = (row: { errors: { code: string; source?: { pointer?: string } }[] }) =>
  row.errors.map((error) => `${error.source?.pointer} ${error.code}`);

describe('previewImport', () => {
  it('reads a Shlink export: shortCode → uri, longUrl → link, title → name, tags split on |', async () => {
    const preview = await previewImport(sample('shlink.csv'), { kind: 'short_link' });
    expect(preview.format).toBe('shlink');
    expect(preview.keyColumn).toBe('shortUrl');
    expect(preview.rows[0]).toEqual({
      line: 2,
      data: {
        name: 'Menu',
        url: 'https://cafe.example/menu',
        uri: 'menu',
        tags: ['food', 'summer'],
        key: 'https://s.test/menu',
      },
      errors: [],
    });
    // No title: named after its short code.
    expect(preview.rows[1].data?.name).toBe('wifi');
    expect(codes(preview.rows[2])).toEqual(['/url url']);
    expect(preview.rows[2].data).toBeNull();
  });

  it('reads a Dub export, and flags the second row that wants the same uri', async () => {
    const preview = await previewImport(sample('dub.csv'), { kind: 'short_link' });
    expect(preview.format).toBe('dub');
    expect(preview.rows.map((row) => row.data?.uri ?? null)).toEqual(['spring-sale', 'jobs', null]);
    expect(preview.rows[0].data?.tags).toEqual(['promo', 'spring']);
    expect(preview.rows[1].data?.name).toBe('jobs');
    expect(preview.rows[2].errors).toEqual([
      expect.objectContaining({
        code: 'import_duplicate_row',
        source: { pointer: '/uri' },
        meta: { line: 2 },
      }),
    ]);
  });

  it('reads a Bitly export as QR codes (the uri is not used for codes)', async () => {
    const preview = await previewImport(sample('bitly.csv'), { kind: 'qr_code' });
    expect(preview.format).toBe('bitly');
    expect(preview.rows.map((row) => row.data)).toEqual([
      {
        name: 'Article one',
        url: 'https://news.example/article-1',
        tags: ['press'],
        key: 'https://bit.ly/3abcDEF',
      },
      {
        name: 'Article two',
        url: 'https://news.example/article-2',
        tags: [],
        key: 'https://bit.ly/x_y-z',
      },
    ]);
  });

  it('reads a Dutch Excel CSV (byte-order mark, semicolons, CRLF) in our own columns', async () => {
    const preview = await previewImport(sample('excel-nl.csv'), {
      kind: 'qr_code',
      keyColumn: null,
    });
    expect(preview.format).toBe('qrhub');
    expect(preview.headers).toEqual(['name', 'url', 'tags']);
    expect(preview.rows[0].data).toEqual({
      name: 'Poster station',
      url: 'https://example.nl/station',
      tags: ['poster', '2026'],
    });
    expect(codes(preview.rows[1])).toEqual(['/url url']);
    expect(codes(preview.rows[2])).toEqual(['/name required']);
  });

  it('splits our tags column on , ; or |, one label per name regardless of case', async () => {
    const csv = [
      'name,url,tags',
      'A,https://a.example,"Promo; summer,promo | Summer"',
      `B,https://b.example,"ok;much-too-long-label-name"`,
      `C,https://c.example,"${Array.from({ length: 11 }, (_, n) => `t${n}`).join(';')}"`,
    ].join('\n');
    const preview = await previewImport(Buffer.from(csv), { kind: 'qr_code', keyColumn: null });
    expect(preview.rows[0].data?.tags).toEqual(['Promo', 'summer']);
    // A bad name is named in the error, since the file has no field of its own for it.
    expect(preview.rows[1].errors).toEqual([
      expect.objectContaining({
        code: 'max',
        source: { pointer: '/tags/1' },
        meta: { max: 16, tag: 'much-too-long-label-name' },
      }),
    ]);
    expect(preview.rows[2].errors).toEqual([
      expect.objectContaining({
        code: 'label_link_limit_reached',
        source: { pointer: '/tags' },
        meta: { max: 10 },
      }),
    ]);
  });

  it('reads the label names from a labels column too (the glossary term; tags is what other tools write)', async () => {
    const csv = ['name,url,labels', 'A,https://a.example,"Promo;summer"'].join('\n');
    const preview = await previewImport(Buffer.from(csv), { kind: 'qr_code', keyColumn: null });
    expect(preview.rows[0].data?.tags).toEqual(['Promo', 'summer']);
  });

  it('reads the first sheet of an XLSX workbook, with a key column the user picks', async () => {
    const buffer = await writeXlsxFile([
      [{ value: 'sku' }, { value: 'name' }, { value: 'url' }, { value: 'tags' }],
      [{ value: 'A-1' }, { value: 'Box A' }, { value: 'https://shop.example/a' }, { value: 'box' }],
      [
        { value: 'A-1' },
        { value: 'Box A again' },
        { value: 'https://shop.example/a2' },
        { value: '' },
      ],
      [{ value: 'B-2' }, { value: 'Box B' }, { value: 'https://shop.example/b' }, { value: '' }],
    ]).toBuffer();
    const preview = await previewImport(buffer, { kind: 'qr_code', keyColumn: 'sku' });
    expect(preview.rows.map((row) => row.data?.key ?? null)).toEqual(['A-1', null, 'B-2']);
    expect(codes(preview.rows[1])).toEqual(['/key import_duplicate_row']);
  });

  it.each([
    ['an empty file', Buffer.from('name,url\n'), 'import_file_empty'],
    [
      'a PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      'file_type_not_supported',
    ],
    [
      'a broken XLSX',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
      'file_type_not_supported',
    ],
    ['columns we do not know', Buffer.from('a,b\n1,2\n'), 'invalid'],
    [
      'too many rows',
      Buffer.from(`name,url\n${'x,https://e.example/\n'.repeat(IMPORT_MAX_ROWS + 1)}`),
      'import_too_many_rows',
    ],
  ])('refuses %s with %s', async (_what, data, code) => {
    await expect(previewImport(data, { kind: 'qr_code' })).rejects.toMatchObject({ code });
    await expect(previewImport(data, { kind: 'qr_code' })).rejects.toBeInstanceOf(ImportFileError);
  });

  it('refuses a key column the file does not have', async () => {
    await expect(
      previewImport(sample('excel-nl.csv'), { kind: 'qr_code', keyColumn: 'sku' }),
    ).rejects.toMatchObject({
      code: 'invalid',
      meta: { field: 'keyColumn', values: ['name', 'url', 'tags'] },
    });
  });
});

describe('uriFromShortUrl', () => {
  it.each([
    ['bit.ly/3abcDEF', '3abcDEF'],
    ['https://dub.sh/spring-sale', 'spring-sale'],
    ['https://s.test/menu/', 'menu'],
    ['menu', 'menu'],
  ])('%s → %s', (input, uri) => {
    expect(uriFromShortUrl(input)).toBe(uri);
  });
});
