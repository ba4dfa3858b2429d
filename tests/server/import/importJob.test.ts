// The import job through the API (issue 15, part 4): a 10,000-row CSV with a few bad rows is
// previewed with exactly those errors, the good rows become QR codes with their link Actions (one
// job, with progress), and uploading the same file again changes nothing. Short links from each
// tool's export file take the same way.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyThroughApi, bearer } from '../../helpers/factories.js';
import { buildTestApp, DEMO, login, type TestApp } from '../../helpers/testApp.js';

const ROWS = 10_000;
/** Lines (as a spreadsheet numbers them, header = 1) that are wrong, and how. */
const BAD = { noUrl: 102, badUrl: 2_503, noName: 7_001, sameKey: 9_999 } as const;

function bigCsv(): string {
  const lines = ['ref,name,url'];
  for (let line = 2; line <= ROWS + 1; line++) {
    const ref = line === BAD.sameKey ? `R${BAD.sameKey - 1}` : `R${line}`;
    const name = line === BAD.noName ? '' : `Poster ${line}`;
    const url =
      line === BAD.noUrl
        ? ''
        : line === BAD.badUrl
          ? 'javascript:alert(1)'
          : `https://shop.example/p/${line}`;
    lines.push(`${ref},"${name}",${url}`);
  }
  return lines.join('\r\n');
}

let t: TestApp;
let admin: string;
const project = () => t.ids.projects.demoOther;

const upload = (route: string, body: Buffer | string, query: string, headers = { cookie: admin }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${project()}/${route}?${query}`,
    headers: { ...headers, 'client-type': 'dashboard', 'content-type': 'text/csv' },
    payload: body,
  });

async function finished(id: string) {
  await t.app.imports.settled();
  const res = await t.app.inject({
    url: `/api/projects/${project()}/imports/${id}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const count = async (table: 'qrCodes' | 'shortLinks' | 'actions' | 'auditLogs') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The names of an item's labels, sorted. */
const labelNamesOf = async (itemType: 'qr_code' | 'short_link', itemId: string) =>
  (
    await t.db
      .selectFrom('labelLinks')
      .innerJoin('labels', 'labels.id', 'labelLinks.labelId')
      .select('labels.name')
      .where('labelLinks.itemType', '=', itemType)
      .where('labelLinks.itemId', '=', itemId)
      .orderBy('labels.name')
      .execute()
  ).map((row) => row.name);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.customeradmin);
  // The demo plan allows 50 QR codes; this customer bought room for a print run.
  await t.db
    .updateTable('customers')
    .set({ maxQrCodes: -1, maxShortLinks: -1 })
    .where('id', '=', t.ids.customers.demo)
    .execute();
});

afterAll(async () => {
  await t?.close();
});

describe('a 10,000-row CSV with a few bad rows', () => {
  const csv = bigCsv();
  const query = 'kind=qr_code&keyColumn=ref';

  it('previews exactly the bad rows, with their fields', async () => {
    const res = await upload('imports/preview', csv, query);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      format: 'qrhub',
      keyColumn: 'ref',
      total: ROWS,
      valid: ROWS - 4,
      invalid: 4,
      alreadyImported: 0,
    });
    const errors = data.errors.map(
      (row: { line: number; errors: { code: string; source: { pointer: string } }[] }) => [
        row.line,
        row.errors.map((error) => `${error.source.pointer} ${error.code}`),
      ],
    );
    expect(errors).toEqual([
      [BAD.noUrl, ['/url required']],
      [BAD.badUrl, ['/url url']],
      [BAD.noName, ['/name required']],
      [BAD.sameKey, ['/key import_duplicate_row']],
    ]);
    expect(data.sample[0]).toEqual({
      name: 'Poster 2',
      url: 'https://shop.example/p/2',
      tags: [],
      key: 'R2',
    });
  });

  it('imports the good rows as QR codes with link Actions in one job, and again changes nothing', async () => {
    const before = { qrCodes: await count('qrCodes'), actions: await count('actions') };
    const started = await upload('imports', csv, query);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'running', total: ROWS - 4, processed: 0 });
    const job = await finished(started.json().data.id);
    expect(job).toMatchObject({
      status: 'done',
      total: ROWS - 4,
      processed: ROWS - 4,
      created: ROWS - 4,
      skipped: 0,
      failed: 0,
    });
    expect(await count('qrCodes')).toBe(before.qrCodes + ROWS - 4);
    expect(await count('actions')).toBe(before.actions + ROWS - 4);
    const poster = await t.db
      .selectFrom('qrCodes')
      .innerJoin('actions', 'actions.id', 'qrCodes.actionId')
      .select(['qrCodes.name', 'actions.objectType', 'actions.data'])
      .where('qrCodes.name', '=', 'Poster 4321')
      .executeTakeFirstOrThrow();
    expect(poster.objectType).toBe('link');
    expect(JSON.parse(poster.data)).toMatchObject({ link: 'https://shop.example/p/4321' });

    const snapshot = { qrCodes: await count('qrCodes'), actions: await count('actions') };
    const preview = await upload('imports/preview', csv, query);
    expect(preview.json().data.alreadyImported).toBe(ROWS - 4);
    const again = await upload('imports', csv, query);
    expect(again.statusCode).toBe(202);
    expect(await finished(again.json().data.id)).toMatchObject({
      status: 'done',
      created: 0,
      skipped: ROWS - 4,
    });
    expect({ qrCodes: await count('qrCodes'), actions: await count('actions') }).toEqual(snapshot);
  }, 120_000);
});

describe('the tags column', () => {
  const csv = [
    'ref,name,url,tags',
    'T1,Tagged one,https://shop.example/t1,"Promo; summer"',
    'T2,Tagged two,https://shop.example/t2,"promo,Winter"',
    'T3,Untagged,https://shop.example/t3,',
    'T4,Bad tag,https://shop.example/t4,"ok;much-too-long-label-name"',
  ].join('\r\n');
  const query = 'kind=qr_code&keyColumn=ref';

  const labelsOf = async (name: string) => {
    const { id } = await t.db
      .selectFrom('qrCodes')
      .select('id')
      .where('name', '=', name)
      .where('projectId', '=', project())
      .executeTakeFirstOrThrow();
    return labelNamesOf('qr_code', id);
  };
  const projectLabels = async () =>
    (
      await t.db
        .selectFrom('labels')
        .select('name')
        .where('projectId', '=', project())
        .orderBy('name')
        .execute()
    ).map((row) => row.name);
  const labelAudit = () =>
    t.db
      .selectFrom('auditLogs')
      .select(['action', 'name'])
      .where('type', '=', 'label')
      .where('projectId', '=', project())
      .where('action', '=', 'created')
      .orderBy('name')
      .execute();

  it('links existing labels regardless of case, makes the missing ones, and a second upload adds nothing', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project()}/labels`,
      headers: { cookie: admin, 'client-type': 'dashboard' },
      payload: { name: 'SUMMER' },
    });
    expect(made.statusCode, made.body).toBe(201);

    const preview = await upload('imports/preview', csv, query);
    expect(preview.statusCode, preview.body).toBe(200);
    const { data } = preview.json();
    expect(data.newLabels).toEqual(['Promo', 'Winter']);
    expect(data.errors).toEqual([
      {
        line: 5,
        data: null,
        errors: [
          expect.objectContaining({
            code: 'max',
            source: { pointer: '/tags/1' },
            meta: { max: 16, tag: 'much-too-long-label-name' },
          }),
        ],
      },
    ]);

    const job = await finished((await upload('imports', csv, query)).json().data.id);
    expect(job).toMatchObject({ status: 'done', created: 3, failed: 0 });
    expect(await labelsOf('Tagged one')).toEqual(['Promo', 'SUMMER']);
    expect(await labelsOf('Tagged two')).toEqual(['Promo', 'Winter']);
    expect(await labelsOf('Untagged')).toEqual([]);
    expect(await projectLabels()).toEqual(['Promo', 'SUMMER', 'Winter']);
    // Each new label has its own audit row (written in the change that made the QR code).
    expect(await labelAudit()).toEqual([
      { action: 'created', name: 'Promo' },
      { action: 'created', name: 'SUMMER' },
      { action: 'created', name: 'Winter' },
    ]);

    const again = await upload('imports', csv, query);
    expect(await finished(again.json().data.id)).toMatchObject({ created: 0, skipped: 3 });
    expect(await projectLabels()).toEqual(['Promo', 'SUMMER', 'Winter']);
    expect(await labelsOf('Tagged one')).toEqual(['Promo', 'SUMMER']);
    expect((await labelAudit()).length).toBe(3);
    expect((await upload('imports/preview', csv, query)).json().data.newLabels).toEqual([]);
  });
});

describe("each tool's export file", () => {
  const sample = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'samples', name));

  it.each([
    ['shlink.csv', ['menu', 'wifi'], ['menu', ['food', 'summer']]],
    ['dub.csv', ['spring-sale', 'jobs'], ['spring-sale', ['promo', 'spring']]],
    ['bitly.csv', null, null],
  ] as const)('%s becomes short links with their uris and labels', async (file, uris, tagged) => {
    const res = await upload('imports', sample(file), 'kind=short_link');
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(res.json().data.id);
    expect(job.status).toBe('done');
    expect(job.created).toBeGreaterThan(0);
    expect(job.created + job.failed).toBe(job.total);
    if (uris) {
      const made = await t.db
        .selectFrom('shortLinks')
        .select('uri')
        .where('uri', 'in', [...uris])
        .execute();
      expect(made.map((row) => row.uri).sort()).toEqual([...uris].sort());
    }
    if (tagged) {
      // The tags column's names, matched to the project's labels regardless of case.
      const [uri, names] = tagged;
      const { id } = await t.db
        .selectFrom('shortLinks')
        .select('id')
        .where('uri', '=', uri)
        .executeTakeFirstOrThrow();
      const labels = await labelNamesOf('short_link', id);
      expect(labels.map((name) => name.toLowerCase()).sort()).toEqual(names);
    }
    // The tool's own id is the key: the same export again adds nothing.
    const again = await upload('imports', sample(file), 'kind=short_link');
    expect(await finished(again.json().data.id)).toMatchObject({
      created: 0,
      skipped: job.created,
    });
  });
});

describe('CSV export', () => {
  it('exports every QR code of the list, formulas defused', async () => {
    await t.db
      .updateTable('qrCodes')
      .set({ name: '=HYPERLINK("http://evil.example")' })
      .where('name', '=', 'Poster 2')
      .execute();
    const res = await t.app.inject({
      url: `/api/projects/${project()}/exports/qr-codes`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,name,code,actionId,createdAt,updatedAt');
    const listed = await t.db
      .selectFrom('qrCodes')
      .select('id')
      .where('projectId', '=', project())
      .where('trashedAt', 'is', null)
      .where('deletedAt', 'is', null)
      .execute();
    expect(lines).toHaveLength(1 + listed.length);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    for (const list of ['short-links', 'actions', 'labels']) {
      const other = await t.app.inject({
        url: `/api/projects/${project()}/exports/${list}`,
        headers: { cookie: admin },
      });
      expect(other.statusCode, list).toBe(200);
    }
    const unknown = await t.app.inject({
      url: `/api/projects/${project()}/exports/users`,
      headers: { cookie: admin },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('answers bad files and options at their field, never a 500', async () => {
    const empty = await upload('imports/preview', 'name,url\r\n', 'kind=qr_code');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].code).toBe('import_file_empty');
    const kind = await upload('imports/preview', 'name,url\r\na,https://a.example', 'kind=page');
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors[0].source.pointer).toBe('/kind');
    const column = await upload(
      'imports/preview',
      'name,url\r\na,https://a.example',
      'kind=qr_code&keyColumn=nope',
    );
    expect(column.statusCode).toBe(422);
  });

  it('a read-only API key may preview but not import', async () => {
    const { key } = await apiKeyThroughApi(t.app, admin, project(), 'read');
    const headers = { ...bearer(key) } as unknown as { cookie: string };
    const res = await upload('imports', 'name,url\r\na,https://a.example', 'kind=qr_code', headers);
    expect(res.statusCode).toBe(403);
  });
});
