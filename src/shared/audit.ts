// The audit-log row as the API answers it (SPEC §3, Audit log) and its list filters.
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_TYPES,
  type AuditAction,
  type AuditType,
  type ClientType,
} from './enums.js';
import { ulidSchema } from './ids.js';
import { listQuerySchema } from './schemas/common.js';

export interface AuditLog {
  id: string;
  parentId: string | null;
  client: ClientType;
  customerId: string | null;
  projectId: string | null;
  userId: string | null;
  /** The acting user's name at read time; null when the user no longer exists. */
  userName: string | null;
  itemId: string | null;
  name: string | null;
  type: AuditType;
  action: AuditAction;
  environment: string | null;
  device: string | null;
  changes: Record<string, unknown> | null;
  createdAt: string;
  children?: AuditLog[];
}

export const auditLogListQuerySchema = listQuerySchema.extend({
  projectId: ulidSchema.optional(),
  userId: ulidSchema.optional(),
  itemId: ulidSchema.optional(),
  type: z.enum(AUDIT_TYPES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditLogListQuery = z.infer<typeof auditLogListQuerySchema>;
