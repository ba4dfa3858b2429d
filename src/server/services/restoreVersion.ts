// "Restore this version" (issue 8, part 9): an audit row of an edit keeps the changed fields as
// they were; restoring re-applies that before-state through the kind's own edit, so the restore is
// itself an audited change of the one write path, checked by the same rules as any edit.
import type { Logger } from '../logger.js';
import type { z } from 'zod';
import type { ApiErrorCode } from '../../shared/errors.js';
import type { PermissionKey } from '../../shared/permissions.js';
import { actionInputSchema } from '../../shared/schemas/action.js';
import { qrCodeUpdateSchema } from '../../shared/schemas/qrCode.js';
import { shortLinkUpdateSchema } from '../../shared/schemas/shortLink.js';
import { readStoredThemeSettings, themeUpdateSchema } from '../../shared/schemas/theme.js';
import type { Db } from '../db/database.js';
import type { Actor } from '../domain/actor.js';
import { DomainError, forbidden, notFound } from '../domain/errors.js';
import { findAuditLog, type AuditLogWithUser, type AuditScope } from '../repositories/auditLogs.js';
import { actionOr404, editAction, editableFieldsOf as actionFields } from './actions.js';
import type { MediaStorage } from '../media/storage.js';
import { removeStoredFiles } from './media.js';
import { editQrCode, editableFieldsOf as qrCodeFields, qrCodeOr404 } from './qrCodes.js';
import { editShortLink, shortLinkFieldsOf, shortLinkOr404 } from './shortLinks.js';
import { editTheme, themeOr404 } from './themes.js';
import type { UnitOfWork } from './unitOfWork.js';

export interface RestoreDeps {
  db: Db;
  storage: MediaStorage;
  log?: Logger;
}

type Fields = Record<string, unknown>;

/** How one kind of item is read as its edit's input and changed by that edit. */
interface Restorable {
  permission: PermissionKey;
  schema: z.ZodType<Fields>;
  /** Only the fields the audit row names are sent (partial edits); else the whole input. */
  isPartial: boolean;
  current(deps: RestoreDeps, actor: Actor, projectId: string, id: string): Promise<Fields>;
  apply(
    deps: RestoreDeps,
    actor: Actor,
    projectId: string,
    id: string,
    input: Fields,
    work: UnitOfWork,
  ): Promise<void>;
}

const RESTORABLE: Record<string, Restorable> = {
  qr_code: {
    permission: 'QRCodeUpdate',
    schema: qrCodeUpdateSchema,
    isPartial: true,
    current: async ({ db }, actor, projectId, id) =>
      qrCodeFields((await qrCodeOr404(db, actor, projectId, id)).qrCode),
    apply: ({ db }, actor, projectId, id, input, work) =>
      editQrCode(db, actor, projectId, id, input, work),
  },
  short_link: {
    permission: 'ShortLinkUpdate',
    schema: shortLinkUpdateSchema,
    isPartial: true,
    current: async ({ db }, actor, projectId, id) =>
      shortLinkFieldsOf((await shortLinkOr404(db, actor, projectId, id)).shortLink),
    apply: ({ db }, actor, projectId, id, input, work) =>
      editShortLink(db, actor, projectId, id, input, work),
  },
  action: {
    permission: 'QRLinkUpdate',
    schema: actionInputSchema as unknown as z.ZodType<Fields>,
    isPartial: false,
    current: async ({ db }, actor, projectId, id) =>
      actionFields((await actionOr404(db, actor, projectId, id)).action),
    apply: (deps, actor, projectId, id, input, work) =>
      editAction(
        deps.db,
        deps,
        actor,
        projectId,
        id,
        input as z.infer<typeof actionInputSchema>,
        work,
      ),
  },
  theme: {
    permission: 'ThemeUpdate',
    schema: themeUpdateSchema,
    isPartial: true,
    current: async ({ db }, actor, projectId, id) => {
      const { theme } = await themeOr404(db, actor, projectId, id);
      return { name: theme.name, settings: readStoredThemeSettings(theme.settings) };
    },
    apply: ({ db, storage, log }, actor, projectId, id, input, work) =>
      editTheme(
        {
          db,
          user: actor,
          work,
          freeFiles: (keys) => removeStoredFiles(storage, keys, log),
        },
        projectId,
        id,
        input,
      ),
  },
};

const refused = (code: ApiErrorCode, detail: string, field?: string) =>
  new DomainError('invalid', code, detail, undefined, field ? { field } : undefined);

/** The before-state an audit row can bring back, or why it cannot. */
function versionOf(row: AuditLogWithUser): { kind: Restorable; before: Fields } {
  const kind = RESTORABLE[row.type];
  let changes: unknown = null;
  try {
    changes = row.changes ? JSON.parse(row.changes) : null;
  } catch {
    changes = null;
  }
  const before = (changes as { before?: unknown } | null)?.before;
  const hasBefore = typeof before === 'object' && before !== null && Object.keys(before).length > 0;
  if (!kind || row.action !== 'updated' || !row.itemId || !row.projectId || !hasBefore) {
    throw refused(
      'audit_restore_unsupported',
      'Only an edit of a QR code, short link, QR link or theme can be restored',
    );
  }
  return { kind, before: before as Fields };
}

/** Re-applies the fields an edit changed, as they were before it; answers the item's type and id. */
export async function restoreVersion(
  deps: RestoreDeps,
  actor: Actor,
  scope: AuditScope,
  auditLogId: string,
  work: UnitOfWork,
): Promise<{ type: string; itemId: string; projectId: string }> {
  const row = await findAuditLog(deps.db, scope, auditLogId);
  if (!row) throw notFound('audit_log_not_found');
  const { kind, before } = versionOf(row);
  if (!actor.permissions.has(kind.permission)) throw forbidden();
  const projectId = row.projectId as string;
  const itemId = row.itemId as string;
  const current = await kind.current(deps, actor, projectId, itemId).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') {
      throw refused('audit_restore_gone', 'The item of this version no longer exists');
    }
    throw error;
  });
  const parsed = kind.schema.safeParse({ ...current, ...before });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    throw refused('audit_restore_invalid', 'This version no longer passes the rules', field);
  }
  const input = kind.isPartial
    ? Object.fromEntries(Object.keys(before).map((key) => [key, parsed.data[key]]))
    : parsed.data;
  try {
    await kind.apply(deps, actor, projectId, itemId, input, work);
  } catch (error) {
    // A reference that is gone (an Action, a template, a logo) or a uri taken since.
    if (error instanceof DomainError && error.kind === 'invalid') {
      throw refused(
        'audit_restore_invalid',
        'This version no longer passes the rules',
        error.pointer?.slice(1).replace(/\//g, '.'),
      );
    }
    throw error;
  }
  return { type: row.type, itemId, projectId };
}
