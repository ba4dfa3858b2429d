// Where the embedded database lives, in one place for the server and the operator commands.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config.js';

export const SQLITE_FILE_NAME = 'qrhub.sqlite';

export function sqliteFileOf(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, SQLITE_FILE_NAME);
}

/**
 * Makes sure the data folder exists and takes writes (database, uploads, fonts), or stops with one
 * sentence that names DATA_DIR: a read-only or impossible folder otherwise shows up later as a
 * stack trace from deep inside SQLite or an upload.
 */
export function ensureWritableDataDir(config: Pick<Config, 'dataDir'>): void {
  const dir = config.dataDir;
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const why =
      reason === 'EROFS' || reason === 'EACCES' || reason === 'EPERM'
        ? 'it is read-only for this user'
        : reason === 'ENOTDIR' || reason === 'EEXIST'
          ? 'it is a file, not a folder'
          : reason === 'ENOSPC'
            ? 'its disk is full'
            : `it cannot be created or written (${reason})`;
    throw new ConfigError([
      `DATA_DIR ${dir} cannot hold the data, because ${why}; point DATA_DIR at a writable folder.`,
    ]);
  }
}
