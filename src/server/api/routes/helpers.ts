// Small helpers every route file shares.
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail.js';
import type { ApiErrorCode } from '../../../shared/errors.js';
import { isUlid } from '../../../shared/ids.js';
import type { ListQuery, ListResponse } from '../../../shared/schemas/common.js';
import { notFound } from '../httpError.js';

export interface RouteDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

export interface IdParams {
  id: string;
}

/** A path id; anything that is not a ULID cannot exist, so it answers the resource's 404. */
export function pathId(value: string, notFoundCode: ApiErrorCode): string {
  if (!isUlid(value)) throw notFound(notFoundCode);
  return value;
}

export function listResponse<T>(data: T[], total: number, query: ListQuery): ListResponse<T> {
  return { data, meta: { total, page: query.page, perPage: query.perPage } };
}

/** The keys a PUT body really sent: the shared schema fills defaults for absent ones. */
export function sentKeys(body: unknown): Set<string> {
  return new Set(typeof body === 'object' && body !== null ? Object.keys(body) : []);
}
