// Runs one of the server's commands (`node scripts/run.mjs start|backup|restore|… [args]`): the
// compiled one in dist/server when `npm run build` made it after the last change to the sources,
// otherwise straight from the TypeScript sources through tsx (a development checkout).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [name] = process.argv.splice(2, 1);
if (!name || !/^[a-z-]+$/.test(name)) {
  process.stderr.write('Usage: node scripts/run.mjs COMMAND [args]\n');
  process.exit(2);
}
const built = path.resolve('dist/server/cli', `${name}.js`);
const source = path.resolve('src/server/cli', `${name}.ts`);

/** The newest modification time under the folders the server is built from. */
function newestSourceTime(folders) {
  let newest = 0;
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) if (fs.existsSync(folder)) walk(folder);
  return newest;
}

const hasSources = fs.existsSync(source);
const builtIsCurrent =
  fs.existsSync(built) &&
  (!hasSources ||
    fs.statSync(built).mtimeMs >= newestSourceTime(['src/server', 'src/shared', 'locales']));

if (builtIsCurrent) {
  await import(pathToFileURL(built).href);
} else if (hasSources) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
} else {
  process.stderr.write(`There is no command "${name}".\n`);
  process.exit(2);
}
