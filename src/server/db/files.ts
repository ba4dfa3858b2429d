// Where the embedded database lives, in one place for the server and the operator commands.
import path from 'node:path';
import type { Config } from '../config.js';

export const SQLITE_FILE_NAME = 'qrhub.sqlite';

export function sqliteFileOf(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, SQLITE_FILE_NAME);
}
