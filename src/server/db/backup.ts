// Online backup and restore of the embedded SQLite database (`npm run backup`, `npm run restore`).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Copies a live SQLite database to `target` with SQLite's online backup API. */
export async function backupSqlite(source: string, target: string): Promise<number> {
  if (!fs.existsSync(source)) throw new Error(`There is no database at ${source} to back up.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  return fs.statSync(target).size;
}

/** Checks `backup`, moves the live files aside, and copies the backup into place. */
export function restoreSqlite(backup: string, target: string): string | null {
  const check = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new Error(`${backup} is not a sound SQLite database (${String(result)}).`);
  } finally {
    check.close();
  }
  let keptAs: string | null = null;
  if (fs.existsSync(target)) {
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target, keptAs);
  }
  // The old write-ahead log belongs to the old database; replayed over the backup it would corrupt it.
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.copyFileSync(backup, target);
  return keptAs;
}
