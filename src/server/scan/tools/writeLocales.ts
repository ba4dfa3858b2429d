// Writes the "scan" section into locales/nl.json and locales/en.json. Other people edit these
// files at the same time, so each file is re-read right before writing and only the "scan" key is
// replaced; every other key and its order stay as they are. Run: npx tsx src/server/scan/tools/writeLocales.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCAN_MESSAGES } from '../messages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

for (const language of ['nl', 'en'] as const) {
  const file = path.join(root, 'locales', `${language}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const current: Record<string, unknown> = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  current.scan = SCAN_MESSAGES[language];
  const text = `${JSON.stringify(current, null, 2)}\n`;
  // Write to a temporary file and rename, so a reader never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
  console.log(`${path.relative(root, file)}: scan section written`);
}
