// Each pipeline step alone: pure functions and small classes, no HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ScanCache } from '../../../src/server/scan/cache.js';
import type { DomainEvent } from '../../../src/server/events/bus.js';
import { domainEvent, buildOwner } from '../../helpers/factories.js';
import { createCountryLookup } from '../../../src/server/scan/geo.js';
import { pickLanguage, loadMessages } from '../../../src/server/scan/i18n.js';
import { normaliseCode, normaliseHost } from '../../../src/server/scan/normalise.js';
import {
  ScanRecorder,
  createScanEnricher,
  type RecorderOptions,
  type ScanCapture,
} from '../../../src/server/scan/recorder.js';
import {
  dialDigits,
  mailtoUrl,
  resolveTarget,
  safeHttpUrl,
} from '../../../src/server/scan/target.js';
import { readThemeSettings } from '../../../src/server/scan/theme.js';
import { DailyUniqueTracker } from '../../../src/server/scan/unique.js';
import {
  hash53,
  isBotRequest,
  memoize,
  normaliseIp,
  parseUserAgent,
  referrerDomain,
  visitorHash,
} from '../../../src/server/scan/visitor.js';
import { SCAN_MESSAGES } from '../../../src/server/scan/messages.js';
import { escapeHtml } from '../../../src/server/scan/html.js';
import type { Db } from '../../../src/server/db/database.js';
import { countScans, createTestDb } from './helpers.js';

describe('visitor parsing', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      { device: 'mobile', os: 'iOS', browser: 'Mobile Safari' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
      { device: 'tablet', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { device: 'mobile', os: 'Android', browser: 'Chrome' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      { device: 'desktop', os: 'Mac OS', browser: 'Safari' },
    ],
    ['', { device: 'unknown', os: null, browser: null }],
  ])('%s', (ua, expected) => {
    expect(parseUserAgent(ua)).toMatchObject(expected);
  });

  it.each([
    ['GET', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', false],
    ['HEAD', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', true],
    ['GET', '', true],
    ['GET', undefined, true],
    ['GET', 'WhatsApp/2.23.20.0 A', true],
    ['GET', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['GET', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', true],
    ['GET', 'TelegramBot (like TwitterBot)', true],
    ['GET', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['GET', 'curl/8.5.0', true],
  ])('isBotRequest(%s, %s) = %s', (method, ua, expected) => {
    expect(isBotRequest(method, ua)).toBe(expected);
  });

  it.each([
    ['https://www.google.com/search?q=private', 'www.google.com'],
    ['http://Example.COM:8080/x', 'example.com'],
    ['android-app://com.google.android.gm/', null],
    ['not a url', null],
    [undefined, null],
  ])('referrerDomain(%s) = %s', (input, expected) => {
    expect(referrerDomain(input)).toBe(expected);
  });

  it('normalises IPv4-mapped addresses', () => {
    expect(normaliseIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normaliseIp(undefined)).toBe('');
  });

  it('hashes visitors per seed', () => {
    const a = visitorHash(1, '1.2.3.4', 'ua');
    expect(a).toBe(visitorHash(1, '1.2.3.4', 'ua'));
    expect(a).not.toBe(visitorHash(2, '1.2.3.4', 'ua'));
    expect(a).not.toBe(visitorHash(1, '1.2.3.5', 'ua'));
    expect(Number.isSafeInteger(a)).toBe(true);
  });

  it('hashes as cyrb53 does, the parts as one text joined by newlines', () => {
    // cyrb53's published values (bryc/code, seed 0).
    expect(hash53(['a'], 0)).toBe(7929297801672961);
    expect(hash53(['revenge'], 0)).toBe(4051478007546757);
    expect(hash53(['1.2.3.4', 'Mozilla/5.0'], 7)).toBe(hash53(['1.2.3.4\nMozilla/5.0'], 7));
    expect(visitorHash(7, '1.2.3.4', 'ua')).toBe(hash53(['1.2.3.4\nua'], 7));
  });

  it('keeps parsed user agents in a bounded cache that forgets what was not used lately', () => {
    const parsed: string[] = [];
    const parse = memoize((agent) => {
      parsed.push(agent);
      return agent.length;
    }, 2);
    for (const agent of ['a', 'bb', 'a', 'ccc', 'a', 'bb']) parse(agent);
    // 'a' was used again before 'ccc' came, so 'bb' was the one to go.
    expect(parsed).toEqual(['a', 'bb', 'ccc', 'bb']);
    expect(parse(undefined)).toBe(0);

    // A thousand other agents later, a key used all along is still known, and 'a' is not.
    parsed.length = 0;
    const cache = memoize((agent) => {
      parsed.push(agent);
      return agent === 'none' ? null : agent;
    }, 100);
    for (let i = 0; i < 1000; i++) {
      cache('kept');
      cache(`agent ${i}`);
    }
    cache('none');
    cache('none');
    expect(parsed.filter((agent) => agent === 'kept')).toHaveLength(1);
    expect(parsed.filter((agent) => agent === 'none')).toHaveLength(1);
    expect(parsed).toHaveLength(1002);
  });

  it('marks a visitor unique once per day', () => {
    const tracker = new DailyUniqueTracker();
    const day1 = new Date('2025-06-01T10:00:00Z');
    expect(tracker.isUnique('1.1.1.1', 'ua', day1)).toBe(true);
    expect(tracker.isUnique('1.1.1.1', 'ua', new Date('2025-06-01T23:59:59Z'))).toBe(false);
    expect(tracker.isUnique('1.1.1.1', 'other ua', day1)).toBe(true);
    expect(tracker.isUnique('1.1.1.1', 'ua', new Date('2025-06-02T00:00:00Z'))).toBe(true);
  });

  it('looks up countries offline (DB-IP)', () => {
    const countryOf = createCountryLookup();
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('2a00:1450:4001:800::200e')).toMatch(/^[A-Z]{2}$/);
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('garbage')).toBeNull();
    expect(countryOf('')).toBeNull();
  });
});

describe('normalise', () => {
  it.each([
    ['abc123', 'abc123'],
    [' abc-_X ', 'abc-_X'],
    ['abc.', 'abc'],
    ['abc)', 'abc'],
    ['a/b', null],
    ['<script>', null],
    ['', null],
    ['x'.repeat(256), null],
  ])('code %j → %j', (raw, expected) => {
    expect(normaliseCode(raw)).toBe(expected);
  });

  it.each([
    ['Go.Brand.Example:8443', 'go.brand.example'],
    ['go.brand.example.', 'go.brand.example'],
    ['[::1]:3000', ''],
    ['evil host', ''],
    [undefined, ''],
  ])('host %j → %j', (raw, expected) => {
    expect(normaliseHost(raw)).toBe(expected);
  });
});

describe('language', () => {
  it.each([
    [undefined, 'nl'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.5,nl;q=0.8', 'nl'],
    ['fr', 'nl'],
    ['nl-BE', 'nl'],
    ['en;q=0, nl;q=0.1', 'nl'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it('reads the scan section from the locale files, same keys in both', () => {
    const messages = loadMessages();
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' && v ? keys(v as object, `${p}${k}.`) : [`${p}${k}`],
      );
    expect(keys(messages.nl)).toEqual(keys(messages.en));
    expect(keys(SCAN_MESSAGES.nl)).toEqual(keys(SCAN_MESSAGES.en));
    expect(messages.nl.notActive.title).toBeTruthy();
  });
});

describe('targets', () => {
  it.each([
    ['https://a.example/x?y=1#z', 'https://a.example/x?y=1#z'],
    ['http://a.example', 'http://a.example/'],
    ['javascript:alert(1)', null],
    [' javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['mailto:a@b.c', null],
    ['https://', null],
    [null, null],
  ])('safeHttpUrl(%j) = %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });

  it('builds mailto with RFC 6068 encoding', () => {
    expect(
      mailtoUrl({ address: 'a+b@example.com', subject: 'x?y&z=1', body: null, cc: [], bcc: [] }),
    ).toBe('mailto:a%2Bb@example.com?subject=x%3Fy%26z%3D1');
  });

  it('keeps dial numbers to digits', () => {
    expect(dialDigits('+31 (0)6-12', true)).toBe('+31061' + '2');
    expect(dialDigits('+31 6', false)).toBe('316');
    expect(dialDigits('abc', true)).toBe('');
  });

  it('sends only iOS and Android to the stores', () => {
    const content = {
      objectType: 'appLink' as const,
      data: {
        applicationName: null,
        developerName: null,
        applicationLogo: { mediaId: null, remove: false },
        title: null,
        description: null,
        website: null,
        appStore: 'https://apps.apple.com/app/1',
        playStore: null,
      },
    };
    expect(resolveTarget(content, 'iOS')).toEqual({
      kind: 'redirect',
      location: 'https://apps.apple.com/app/1',
    });
    expect(resolveTarget(content, 'Android')).toEqual({ kind: 'page', page: 'appLink' });
    expect(resolveTarget(content, 'Windows')).toEqual({ kind: 'page', page: 'appLink' });
  });
});

describe('theme and HTML', () => {
  it('reads settings defensively', () => {
    expect(readThemeSettings(null, null).primary).toBe('#fd1056');
    expect(readThemeSettings('not json', 'bad id')).toMatchObject({
      primary: '#fd1056',
      logoMediaId: null,
    });
    const theme = readThemeSettings(
      JSON.stringify({
        primaryColor: '#000000',
        background: { type: 'gradient', from: '#ffffff', to: 'url(x)', angle: 999 },
        fontFamily: 'x;}</style>',
        corner: 'round',
      }),
      null,
    );
    expect(theme).toMatchObject({
      primary: '#000000',
      onPrimary: '#ffffff',
      fontFamily: null,
      radius: 24,
    });
    expect(theme.background).toBe('linear-gradient(360deg, #ffffff, #1f2937)');
  });

  it('escapes every markup character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\``)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;',
    );
  });
});

describe('ScanCache', () => {
  it('expires, evicts the oldest, and invalidates by code on every host', () => {
    let now = 0;
    const cache = new ScanCache<string>(1000, 2, () => now);
    const tags = { itemId: 'I', actionId: 'A', projectId: 'P', customerId: 'C' };
    cache.set('', 'one', 'x', tags);
    cache.set('brand.example', 'one', 'y', tags);
    expect(cache.get('', 'one')).toBe('x');
    cache.set('', 'two', 'z', { ...tags, itemId: 'J', actionId: 'B' }); // evicts the oldest
    expect(cache.size).toBe(2);
    cache.invalidate('one');
    expect(cache.get('brand.example', 'one')).toBeUndefined();
    expect(cache.get('', 'two')).toBe('z');
    now = 1000;
    expect(cache.get('', 'two')).toBeUndefined();
  });

  it('drops exactly the entries an event names', () => {
    const cache = new ScanCache<string>();
    const fill = () => {
      cache.clear();
      cache.set('', 'q1', 'q1', {
        itemId: 'Q1',
        actionId: 'A1',
        projectId: 'P1',
        customerId: 'C1',
      });
      cache.set('', 'q2', 'q2', {
        itemId: 'Q2',
        actionId: 'A2',
        projectId: 'P1',
        customerId: 'C1',
      });
      cache.set('', 'q3', 'q3', {
        itemId: 'Q3',
        actionId: 'A2',
        projectId: 'P2',
        customerId: 'C2',
      });
      cache.set('', 'new', 'unknown', {
        itemId: null,
        actionId: null,
        projectId: null,
        customerId: null,
      });
    };
    const left = () =>
      ['q1', 'q2', 'q3', 'new'].filter((code) => cache.get('', code) !== undefined);
    const cases: [DomainEvent, string[]][] = [
      [domainEvent('qr_code', { ids: ['Q1'] }), ['q2', 'q3', 'new']],
      [domainEvent('short_link', { codes: ['new'] }), ['q1', 'q2', 'q3']],
      [domainEvent('action', { ids: ['A2'] }), ['q1', 'new']],
      [domainEvent('project', { action: 'trashed', ids: ['P1'] }), ['q3', 'new']],
      [domainEvent('tracking', { projectId: 'P2' }), ['q1', 'q2', 'new']],
      [domainEvent('theme', { projectId: 'P1' }), ['q3', 'new']],
      [domainEvent('campaign', { codes: ['q2'] }), ['q1', 'q3', 'new']],
      [domainEvent('customer', { ids: ['C2'] }), ['q1', 'q2', 'new']],
      [domainEvent('whitelabel'), []],
      [domainEvent('label', { ids: ['Q1'] }), ['q1', 'q2', 'q3', 'new']],
    ];
    for (const [change, expected] of cases) {
      fill();
      cache.forget(change);
      expect(left(), JSON.stringify(change)).toEqual(expected);
    }
  });
});

describe('ScanRecorder', () => {
  const capture = (projectId: string, customerId: string): ScanCapture => ({
    itemType: 'qr_code',
    itemId: '01J0000000000000000000000A',
    customerId,
    projectId,
    tracking: true,
    at: new Date(),
    method: 'GET',
    ip: '8.8.8.8',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    referrer: undefined,
  });

  /**
   * A recorder on `db` that only writes when told or when a batch is full, noting each
   * transaction's size (onWritten hands a transaction's rows over in pieces: the first piece
   * after a commit is seen by the running total having grown).
   */
  const countingBatches = (db: Db, options: RecorderOptions = {}) => {
    const batches: number[] = [];
    let counted = 0;
    const recorder: ScanRecorder = new ScanRecorder(
      db,
      createScanEnricher(() => 'NL'),
      {
        flushIntervalMs: 60_000,
        onWritten: () => {
          if (recorder.written === counted) return;
          batches.push(recorder.written - counted);
          counted = recorder.written;
        },
        ...options,
      },
    );
    return { recorder, batches };
  };

  it('makes rows from captures, taking what the smart decision already read as it is', () => {
    const looked: string[] = [];
    const toRow = createScanEnricher((ip) => {
      looked.push(ip);
      return 'US';
    });
    const plain = capture('P', 'C');
    const at = new Date('2026-03-29T00:59:59.999Z');
    const first = toRow({ ...plain, at });
    const sameMs = toRow({ ...plain, at: new Date(at.getTime()) });
    const nextMs = toRow({ ...plain, at: new Date(at.getTime() + 1) });
    expect([first.scannedAt, sameMs.scannedAt, nextMs.scannedAt]).toEqual([
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T01:00:00.000Z',
    ]);
    expect(first).toMatchObject({ country: 'US', device: 'mobile', os: 'iOS' });
    expect(looked).toEqual(['8.8.8.8', '8.8.8.8', '8.8.8.8']);

    const known = toRow({
      ...plain,
      country: null,
      agent: { device: 'tablet', os: 'Android', browser: 'Chrome' },
    });
    expect(known).toMatchObject({ country: null, device: 'tablet', os: 'Android' });
    expect(looked).toHaveLength(3);
    // Untracked projects keep no visitor details, whatever the decision read.
    const untracked = toRow({ ...plain, tracking: false, country: 'NL' });
    expect(untracked).toMatchObject({ country: null, device: null, os: null });
  });

  it('keeps rows through a failed write and writes them on the next flush', async () => {
    // The scans table moved away makes every write fail, as a database outage would.
    const broken = await createTestDb();
    await broken.db.schema.alterTable('scans').renameTo('scans_away').execute();
    const fixture = await buildOwner(broken.db);
    const errors: unknown[] = [];
    const recorder = new ScanRecorder(
      broken.db,
      createScanEnricher(() => null),
      {
        flushIntervalMs: 60_000,
        onError: (e) => errors.push(e),
      },
    );
    recorder.record(capture(fixture.projectId, fixture.customerId));
    recorder.record(capture(fixture.projectId, fixture.customerId));
    await recorder.flush();
    expect(errors.length).toBe(1);
    expect(recorder.pending).toBe(2);
    // The same buffered rows land once the database is back.
    await broken.db.schema.alterTable('scans_away').renameTo('scans').execute();
    await recorder.close();
    expect(recorder.pending).toBe(0);
    expect(await countScans(broken.db)).toBe(2);
    await broken.destroy();
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'pauses between SQLite transactions when the checkpoint thread asks, so the WAL starts over',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-recorder-'));
      onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, 'db.sqlite');
      const t = await createTestDb(file);
      const fixture = await buildOwner(t.db);
      let longest = 0;
      const recorder = new ScanRecorder(
        t.db,
        createScanEnricher(() => 'NL'),
        {
          flushIntervalMs: 60_000,
          // A backlog written 500 rows at a time: transactions back to back, as under a scan load.
          catchUpRowsPerTransaction: 500,
          walCheckpoints: { intervalMs: 10, restartBytes: 64 * 1024 },
          onWritten: () => {
            longest = Math.max(longest, fs.statSync(`${file}-wal`).size);
          },
        },
      );
      // Spread over 100 codes' rollups.
      for (let i = 0; i < 75_000; i++) {
        recorder.record({
          ...capture(fixture.projectId, fixture.customerId),
          itemId: `01J00000000000000000000${String(i % 100).padStart(3, '0')}`,
          ip: `10.0.${(i >> 8) % 256}.${i % 256}`,
        });
      }
      await recorder.close();
      expect(await countScans(t.db)).toBe(75_000);
      // Unpaused, the WAL held every transaction's pages, several times the database's size.
      expect(longest).toBeLessThan(fs.statSync(file).size / 2);
      await t.destroy();
    },
  );

  it('flushes at once when a batch is full', async () => {
    const t = await createTestDb();
    const fixture = await buildOwner(t.db);
    const recorder = new ScanRecorder(
      t.db,
      createScanEnricher(() => 'NL'),
      {
        flushIntervalMs: 60_000,
        batchSize: 10,
      },
    );
    for (let i = 0; i < 10; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    await recorder.flush();
    expect(await countScans(t.db)).toBe(10);
    await recorder.close();
    await t.destroy();
  });

  it('writes a transaction as soon as one is full: 500 rows on SQLite, 2,000 on PostgreSQL', async () => {
    const t = await createTestDb();
    const fixture = await buildOwner(t.db);
    const perTransaction = t.kind === 'postgres' ? 2000 : 500;
    const { recorder, batches } = countingBatches(t.db);
    // One and a half transactions' worth: the full one starts the write long before the timer.
    const scans = perTransaction * 1.5;
    for (let i = 0; i < scans; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    await vi.waitFor(() => expect(batches).toEqual([perTransaction, perTransaction / 2]));
    expect(await countScans(t.db)).toBe(scans);
    await recorder.close();
    await t.destroy();
  });

  it('hands a written transaction on 500 rows per turn of the event loop, so redirects get in between', async () => {
    const t = await createTestDb();
    const fixture = await buildOwner(t.db);
    const seen: string[] = [];
    const recorder = new ScanRecorder(
      t.db,
      createScanEnricher(() => 'NL'),
      {
        flushIntervalMs: 60_000,
        batchSize: 5000,
        maxRowsPerTransaction: 1200,
        onWritten: (rows) => {
          seen.push(`${rows.length} rows`);
          // Stands for a request that arrives meanwhile: it is answered before the next piece.
          setImmediate(() => seen.push('redirect'));
        },
      },
    );
    for (let i = 0; i < 1200; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    await recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['500 rows', 'redirect', '500 rows', 'redirect', '200 rows', 'redirect']);
    await recorder.close();
    await t.destroy();
  });

  it('catches up on a deep backlog in larger transactions, then returns to small ones', async () => {
    const t = await createTestDb();
    const fixture = await buildOwner(t.db);
    const { recorder, batches } = countingBatches(t.db, {
      batchSize: 1000,
      maxRowsPerTransaction: 5,
      catchUpRowsPerTransaction: 20,
    });
    // 30 waiting is more than four 5-row transactions deep: one 20-row catch-up, then 5 at a time.
    for (let i = 0; i < 30; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    await recorder.flush();
    expect(batches).toEqual([20, 5, 5]);
    // A shallow backlog keeps the small transactions.
    for (let i = 0; i < 10; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    await recorder.flush();
    expect(batches).toEqual([20, 5, 5, 5, 5]);
    expect(await countScans(t.db)).toBe(40);
    await recorder.close();
    await t.destroy();
  });

  it('leaves scans recorded during a write for the next one, not a trail of small transactions', async () => {
    const t = await createTestDb();
    const fixture = await buildOwner(t.db);
    const { recorder, batches } = countingBatches(t.db, {
      batchSize: 1000,
      maxRowsPerTransaction: 100,
    });
    for (let i = 0; i < 300; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    const flushed = recorder.flush();
    // Requests come in while the first transaction is written.
    setImmediate(() => {
      for (let i = 0; i < 7; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    });
    await flushed;
    expect(batches).toEqual([100, 100, 100]);
    expect(recorder.pending).toBe(7);
    expect(await countScans(t.db)).toBe(300);
    await recorder.flush();
    expect(batches).toEqual([100, 100, 100, 7]);
    await recorder.close();
    await t.destroy();
  });

  it('queues one more write behind the running one, not one per scan recorded meanwhile', async () => {
    const t = await createTestDb();
    const fixture = await buildOwner(t.db);
    const recorder = new ScanRecorder(
      t.db,
      createScanEnricher(() => 'NL'),
      { flushIntervalMs: 60_000, batchSize: 10 },
    );
    const drains = vi.spyOn(recorder as unknown as { drain: () => Promise<void> }, 'drain');
    // Scans past a full batch each ask for a flush, all before the first write has started.
    for (let i = 0; i < 500; i++) recorder.record(capture(fixture.projectId, fixture.customerId));
    await recorder.flush();
    expect(await countScans(t.db)).toBe(500);
    expect(drains.mock.calls.length).toBe(1);
    await recorder.close();
    await t.destroy();
  });

  it("counts each item's uncommitted scans as they are recorded, written, kept or dropped", async () => {
    const broken = await createTestDb();
    await broken.db.schema.alterTable('scans').renameTo('scans_away').execute();
    const fixture = await buildOwner(broken.db);
    const recorder = new ScanRecorder(
      broken.db,
      createScanEnricher(() => null),
      { flushIntervalMs: 60_000, maxBuffered: 3, onError: () => {} },
    );
    const itemA = '01J0000000000000000000000A';
    const itemB = '01J0000000000000000000000B';
    const scan = (itemId: string, extra: Partial<ScanCapture> = {}) =>
      recorder.record({ ...capture(fixture.projectId, fixture.customerId), itemId, ...extra });
    scan(itemA);
    scan(itemA, { method: 'HEAD' }); // a bot: not a counted scan
    scan(itemB);
    expect([recorder.pendingCounted(itemA), recorder.pendingCounted(itemB)]).toEqual([1, 1]);
    // Past maxBuffered the oldest row goes, and with it its count.
    scan(itemB);
    expect([recorder.pendingCounted(itemA), recorder.pendingCounted(itemB)]).toEqual([0, 2]);
    // A failed write keeps the rows, so they stay uncommitted.
    await recorder.flush();
    expect(recorder.pendingCounted(itemB)).toBe(2);
    await broken.db.schema.alterTable('scans_away').renameTo('scans').execute();
    await recorder.flush();
    expect(recorder.pendingCounted(itemB)).toBe(0);
    // The running total now holds them: loading adds only what is still uncommitted.
    scan(itemB);
    expect(await recorder.loadCountedScans(itemB)).toBe(3);
    await recorder.close();
    await broken.destroy();
  });
});
