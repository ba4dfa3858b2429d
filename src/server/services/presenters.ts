// Database rows → the JSON shapes of docs/api.md. Nothing secret (password hashes, token
// digests) ever leaves through here.
import type { AuditLog } from '../../shared/audit.js';
import type {
  AuditAction,
  AuditType,
  BillingPeriod,
  ClientType,
  Role,
  SubscriptionStatus,
} from '../../shared/enums.js';
import { UNLIMITED } from '../../shared/constants.js';
import { permissionsOf } from '../../shared/permissions.js';
import type { Self } from '../../shared/schemas/auth.js';
import type {
  Customer,
  RegistrationProgress,
  Subscription,
  User,
} from '../../shared/schemas/customer.js';
import type { Project, ProjectUser } from '../../shared/schemas/project.js';
import type { LimitStatus } from '../../shared/rules.js';
import type { CustomerRow, ProjectRow, UserRow } from '../db/schema.js';
import type { AuditLogWithUser } from '../repositories/auditLogs.js';
import type { CustomerUsage } from '../repositories/customers.js';
import type { ProjectUsage, ProjectUserRow } from '../repositories/projects.js';

const languageOf = (value: string) => (value === 'en' ? 'en' : 'nl');

export function toSelf(
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'customerId' | 'language'>,
): Self {
  const role = user.role as Role;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role,
    customerId: user.customerId,
    permissionKeys: permissionsOf(role),
    localization: { language: languageOf(user.language) },
  };
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    localization: { language: languageOf(row.language) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function projectStatus(row: ProjectRow, usage: ProjectUsage): LimitStatus {
  return {
    used: {
      qrCodes: usage.qrCodes,
      scans: Number(row.usedScans),
      storage: Number(row.usedStorage),
      users: usage.users,
      shortLinks: usage.shortLinks,
    },
    total: {
      qrCodes: Number(row.maxQrCodes),
      scans: Number(row.maxScans),
      storage: Number(row.maxStorage),
      // Users are limited per customer, not per project.
      users: UNLIMITED,
      shortLinks: Number(row.maxShortLinks),
    },
  };
}

export function toProject(row: ProjectRow, usage: ProjectUsage): Project {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    description: row.description,
    access: row.access === '1' ? '1' : '0',
    tracking: Number(row.tracking) === 1,
    timeZone: row.timeZone,
    usage: projectStatus(row, usage),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toProjectUser(row: ProjectUserRow): ProjectUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    canManage: Number(row.canManage) === 1,
  };
}

export function customerLimits(row: CustomerRow) {
  return {
    maxQrCodes: Number(row.maxQrCodes),
    maxScans: Number(row.maxScans),
    maxStorage: Number(row.maxStorage),
    maxUsers: Number(row.maxUsers),
    maxShortLinks: Number(row.maxShortLinks),
    ...(row.trialEndAt ? { trialEndAt: row.trialEndAt } : {}),
  };
}

export const toProgress = (row: CustomerRow): RegistrationProgress => ({
  trialEndAt: row.trialEndAt,
  done: Number(row.progressDone) === 1,
});

export const toSubscription = (row: CustomerRow): Subscription => ({
  status: row.subscriptionStatus as SubscriptionStatus,
  planId: row.planId,
  billingPeriod: (row.billingPeriod as BillingPeriod | null) ?? null,
});

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    adminEmail: row.adminEmail,
    customerType: row.customerType as Customer['customerType'],
    vatNumber: row.vatNumber,
    progress: toProgress(row),
    subscription: { status: toSubscription(row).status, planId: row.planId },
    limits: customerLimits(row),
    createdAt: row.createdAt,
  };
}

export function customerStatus(row: CustomerRow, usage: CustomerUsage): LimitStatus {
  const limits = customerLimits(row);
  return {
    used: usage,
    total: {
      qrCodes: limits.maxQrCodes,
      scans: limits.maxScans,
      storage: limits.maxStorage,
      users: limits.maxUsers,
      shortLinks: limits.maxShortLinks,
    },
  };
}

function parseChanges(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function toAuditLog(row: AuditLogWithUser, children?: AuditLogWithUser[]): AuditLog {
  return {
    id: row.id,
    parentId: row.parentId,
    client: row.client as ClientType,
    customerId: row.customerId,
    projectId: row.projectId,
    userId: row.userId,
    userName: row.userName,
    itemId: row.itemId,
    name: row.name,
    type: row.type as AuditType,
    action: row.action as AuditAction,
    environment: row.environment,
    device: row.device,
    changes: parseChanges(row.changes),
    createdAt: row.createdAt,
    ...(children ? { children: children.map((child) => toAuditLog(child)) } : {}),
  };
}
