// `npm run admin -- create --email EMAIL --name NAME`: makes a platform administrator on the
// configured database (SQLite in DATA_DIR, or PostgreSQL from DATABASE_URL), so any install gets
// its first admin without a published password. The password is asked for twice on a terminal,
// or read from stdin when piped (`echo "$PASSWORD" | npm run admin -- create …`).
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { ConfigError, loadCheckedConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { ensureWritableDataDir, sqliteFileOf } from '../db/files.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertDefaultPlans, isFreshDatabase } from '../db/seed.js';
import { DomainError } from '../domain/errors.js';
import { EventBus } from '../events/bus.js';
import { createPlatformAdmin } from '../services/signup.js';
import { UnitOfWork } from '../services/unitOfWork.js';
import { passwordSchema } from '../../shared/schemas/auth.js';
import { emailSchema, requiredText } from '../../shared/schemas/common.js';

const USAGE = 'Usage: npm run admin -- create --email EMAIL --name NAME';
const say = (line: string) => process.stdout.write(`${line}\n`);

class UsageError extends Error {}

function argValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  const value = await answer;
  rl.close();
  process.stdout.write('\n');
  return value;
}

async function passwordFromOperator(): Promise<string> {
  if (!process.stdin.isTTY) return readStdin();
  const password = await askHidden('Password (at least 8 characters): ');
  if ((await askHidden('Repeat password: ')) !== password)
    throw new UsageError('The passwords do not match.');
  return password;
}

const inputSchema = z.object({
  email: emailSchema,
  name: requiredText(),
  password: passwordSchema,
});

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] !== 'create') throw new UsageError(USAGE);
  const email = argValue(args, '--email');
  const name = argValue(args, '--name');
  if (!email || !name) throw new UsageError(USAGE);
  const parsed = inputSchema.safeParse({ email, name, password: await passwordFromOperator() });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'input');
    throw new UsageError(
      field === 'password'
        ? 'The password needs at least 8 characters.'
        : `The ${field} is not valid: ${parsed.error.issues[0]?.message}`,
    );
  }

  const config = loadCheckedConfig();
  if (!config.databaseUrl) ensureWritableDataDir(config);
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileOf(config) });
  try {
    await migrateToLatest(db);
    if (await isFreshDatabase(db)) await insertDefaultPlans(db);
    const work = new UnitOfWork(db, new EventBus(), {
      client: 'api',
      userId: null,
      customerId: null,
      device: 'admin command',
      environment: config.environment,
    });
    await createPlatformAdmin(db, parsed.data, work);
    say(
      `Platform administrator ${parsed.data.email} created. Sign in at ${config.publicUrl}/login`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) process.stderr.write(`Configuration: ${problem}\n`);
  } else if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  } else if (error instanceof DomainError && error.code === 'email_duplicated') {
    process.stderr.write('An account with this email address already exists.\n');
  } else {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
