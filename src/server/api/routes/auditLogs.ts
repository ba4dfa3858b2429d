// The audit trail: the caller's customer only (admins: all customers).
import type { FastifyInstance } from 'fastify';
import { auditLogListQuerySchema } from '../../../shared/audit.js';
import {
  findAuditLog,
  listAuditLogChildren,
  listAuditLogs,
  type AuditScope,
} from '../../repositories/auditLogs.js';
import { toAuditLog } from '../../services/presenters.js';
import { mediaStorageFor } from '../../services/media.js';
import { restoreVersion } from '../../services/restoreVersion.js';
import { notFound } from '../../domain/errors.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, type SessionUser } from '../plugins/session.js';
import { guarded, listResponse, pathId, type RouteDeps } from './helpers.js';
import { idParams, withSchemas, dataOf, listOf } from '../openapi.js';
import { auditLogSchema, restoredVersionSchema } from '../../../shared/schemas/responses.js';

// A customer user without a customer cannot exist; an impossible id scopes to nothing, not to all.
const scopeOf = (user: SessionUser): AuditScope => ({
  customerId: user.role === 'admin' ? null : (user.customerId ?? '-'),
});

export function auditLogRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const api = withSchemas(app);
  // GET /audit-logs: newest first; filters projectId, userId, itemId, type, action, q.
  api.get(
    '/audit-logs',
    guarded('AuditLogsView', {
      querystring: auditLogListQuerySchema,
      response: { 200: listOf(auditLogSchema) },
    }),
    async (request) => {
      const query = request.query;
      const { rows, total } = await listAuditLogs(db, scopeOf(currentUser(request)), query);
      return listResponse(
        rows.map((row) => toAuditLog(row)),
        total,
        query,
      );
    },
  );

  // GET /audit-logs/{id}: one row with its children.
  api.get(
    '/audit-logs/:id',
    guarded('AuditLogsView', { params: idParams, response: { 200: dataOf(auditLogSchema) } }),
    async (request) => {
      const id = pathId(request.params.id, 'audit_log_not_found');
      const scope = scopeOf(currentUser(request));
      const row = await findAuditLog(db, scope, id);
      if (!row) throw notFound('audit_log_not_found');
      return { data: toAuditLog(row, await listAuditLogChildren(db, scope, id)) };
    },
  );

  // POST /audit-logs/{id}/restore: re-apply the before-state of an edit of a QR code, short link,
  // QR link or theme (its own audited edit); the kind's update permission applies too.
  api.post(
    '/audit-logs/:id/restore',
    guarded('AuditLogsView', {
      params: idParams,
      response: { 200: dataOf(restoredVersionSchema) },
    }),
    async (request) => {
      const id = pathId(request.params.id, 'audit_log_not_found');
      const user = currentUser(request);
      const restored = await restoreVersion(
        { db, storage: mediaStorageFor(config), log: request.log },
        user,
        scopeOf(user),
        id,
        unitOfWorkOf(request, config),
      );
      return { data: restored };
    },
  );
}
