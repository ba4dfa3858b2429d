// Trial and expiry with consequences (issue 10): each account state against a write, a read and a
// scan, through HTTP. Printed codes keep working whatever the state.
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedQrMetadata } from '../../../../../src/shared/qrMetadata.js';
import { DEFAULT_QR_DESIGN } from '../../../../../src/shared/schemas/qrCode.js';
import { multipart, PNG_1PX, upload } from '../contentHelpers.js';
import { linkQrCodeThroughApi, setAccountState } from '../../../../helpers/factories.js';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let code: string;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await login(t.app, DEMO.customeradmin);
  ({ code } = await linkQrCodeThroughApi(
    t.app,
    cookie,
    t.ids.projects.demoLinked,
    'https://example.com/poster',
  ));
});

afterAll(async () => {
  await t.close();
});

const scansOfProject = async () => {
  await t.app.scanRecorder.flush();
  const response = await call(t.app, 'GET', `/api/projects/${t.ids.projects.demoLinked}/status`, {
    cookie,
  });
  return response.json().data.used.scans as number;
};

describe.each([
  ['trial', null],
  ['expired', 'trial_ended'],
  ['active', null],
  ['canceling', null],
  ['past_due', null],
  ['canceled', 'subscription_canceled'],
] as const)('a customer whose account is %s', (state, blockedWith) => {
  beforeAll(async () => {
    await setAccountState(t.db, t.ids.customers.demo, state, t.ids.plans.starter);
  });

  it(blockedWith ? `answers a write with 402 ${blockedWith}` : 'may write', async () => {
    const response = await call(t.app, 'POST', '/api/projects', {
      cookie,
      body: { name: `Project while ${state}` },
    });
    if (blockedWith) {
      expect(response.statusCode).toBe(402);
      expect(response.json().errors[0].code).toBe(blockedWith);
    } else {
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it(blockedWith ? 'refuses an upload too' : 'may upload', async () => {
    const response = await upload(t, {
      cookie,
      projectId: t.ids.projects.demoLinked,
      kind: 'image',
      filename: 'logo.png',
      content: PNG_1PX,
    });
    expect(response.statusCode, response.body).toBe(blockedWith ? 402 : 201);
  });

  it('may read and download', async () => {
    const list = await call(t.app, 'GET', `/api/projects/${t.ids.projects.demoLinked}/qr-codes`, {
      cookie,
    });
    expect(list.statusCode).toBe(200);
    const qr = list.json().data[0];
    // Downloading a print file converts the code's SVG on the server: a POST that changes nothing.
    const svg = embedQrMetadata(await QRCode.toString(qr.scanUrl, { type: 'svg' }), {
      text: qr.scanUrl,
      design: DEFAULT_QR_DESIGN,
    });
    const { body, headers } = multipart([
      { name: 'svg', filename: 'code.svg', content: svg, contentType: 'image/svg+xml' },
    ]);
    const download = await call(t.app, 'POST', '/api/converter/svg2pdf', { cookie, body, headers });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('still redirects and counts scans of printed codes', async () => {
    const before = await scansOfProject();
    const scan = await t.app.inject({
      method: 'GET',
      url: `/s/${code}`,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
      remoteAddress: '8.8.4.4',
    });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe('https://example.com/poster');
    expect(await scansOfProject()).toBe(before + 1);
  });

  it('may still sign in, see its subscription and go to checkout', async () => {
    const billing = await call(t.app, 'GET', `/api/customers/${t.ids.customers.demo}/billing`, {
      cookie,
    });
    expect(billing.statusCode).toBe(200);
    expect(billing.json().data.state).toBe(state);
    const plans = await call(t.app, 'GET', '/api/plans', { cookie });
    expect(plans.statusCode).toBe(200);
  });
});

describe('platform admins', () => {
  it('are never stopped by a customer account', async () => {
    await setAccountState(t.db, t.ids.customers.demo, 'expired');
    const admin = await login(t.app, DEMO.admin);
    const response = await call(t.app, 'PUT', `/api/customers/${t.ids.customers.demo}`, {
      cookie: admin,
      body: { name: 'Demo BV' },
    });
    expect(response.statusCode).toBe(200);
  });
});
