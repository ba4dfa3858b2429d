// npm run bench:print: a print pack of 200 QR codes (issue 12: under a minute), against the same
// 200 codes drawn as PNG only (the renderer's floor), in the same run. Prints both and the ratio.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { buildTestApp, call, DEMO, login } from '../tests/helpers/testApp.js';
import { buildProject } from '../tests/helpers/factories.js';
import { DEFAULT_QR_DESIGN } from '../src/shared/schemas/qrCode.js';

const CODES = Number(process.env.BENCH_CODES ?? 200);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-bench-print-'));
const t = await buildTestApp({ config: { dataDir } });
try {
  const cookie = await login(t.app, DEMO.customeradmin);
  const pid = await buildProject(t.db, { customerId: t.ids.customers.demo });
  await t.db.updateTable('projects').set({ maxQrCodes: -1 }).where('id', '=', pid).execute();
  await t.db
    .updateTable('customers')
    .set({ maxQrCodes: -1 })
    .where('id', '=', t.ids.customers.demo)
    .execute();
  const ids: string[] = [];
  for (let n = 0; n < CODES; n += 1) {
    const created = await call(t.app, 'POST', `/api/projects/${pid}/qr-codes`, {
      cookie,
      body: {
        name: `Code ${n}`,
        design: {
          ...DEFAULT_QR_DESIGN,
          dots: { type: n % 2 ? 'rounded' : 'square', color: '#000000', gradient: null },
        },
      },
    });
    if (created.statusCode !== 201) throw new Error(`creating a code: ${created.body}`);
    ids.push(created.json().data.id);
  }
  // Baseline: each code's PNG alone, one request after the other.
  let started = performance.now();
  for (const id of ids) {
    await call(t.app, 'GET', `/api/projects/${pid}/qr-codes/${id}/download?format=png&size=40`, {
      cookie,
    });
  }
  const baseline = (performance.now() - started) / 1000;
  started = performance.now();
  const pack = await call(
    t.app,
    'GET',
    `/api/projects/${pid}/qr-codes/print-pack?ids=${ids.join(',')}&size=40&dpi=300`,
    { cookie },
  );
  const packSeconds = (performance.now() - started) / 1000;
  if (pack.statusCode !== 200) throw new Error(`print pack answered ${pack.statusCode}`);
  console.log(
    `print pack of ${CODES} codes: ${packSeconds.toFixed(1)} s (${(pack.rawPayload.length / 1e6).toFixed(1)} MB); ` +
      `PNG downloads alone: ${baseline.toFixed(1)} s; ratio ${(packSeconds / baseline).toFixed(2)}`,
  );
} finally {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
