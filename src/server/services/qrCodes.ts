// QR codes: what is their own as a project item (an unguessable code, template, design and logo),
// given to the steps every item shares (services/projectItems.ts): create, edit, duplicate, trash,
// restore and delete. Also placements, and the URLs codes and short links are scanned at.
import { ulid } from 'ulidx';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import {
  DEFAULT_QR_DESIGN,
  qrDesignSchema,
  type NewQrCode,
  type QrCodeInput,
  type QrDesign,
} from '../../shared/schemas/qrCode.js';
import { invalidField } from '../domain/errors.js';
import type { Actor } from '../domain/actor.js';
import { findAction } from '../repositories/actions.js';
import { itemChange, type UnitOfWork } from './unitOfWork.js';
import { primaryScanBases } from '../repositories/whiteLabel.js';
import type { Executor } from '../repositories/executor.js';
import { findQrCodeTemplate } from '../repositories/qrCodeTemplates.js';
import {
  findQrCode,
  insertQrCode,
  isCodeTaken,
  type QrCodeWithAction,
} from '../repositories/qrCodes.js';
import { actionOr404 } from './actions.js';
import { generateCode } from './codes.js';
import { IMAGE_KINDS, usableMediaOr422 } from './media.js';
import {
  createItem,
  deleteTrashedItem,
  duplicateItem,
  editItem,
  ensureRoomForOne,
  itemCreated,
  newItemColumns,
  presentItems,
  restoreItem,
  trashItem,
  type ItemAnswer,
  type ItemChangeArgs,
  type ItemCreateArgs,
  type ItemEditArgs,
  type ItemKind,
} from './projectItems.js';
import { projectRowOr404 } from './projects.js';

async function freshCode(trx: Executor): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = generateCode();
    if (!(await isCodeTaken(trx, code))) return code;
  }
  throw new Error('no free QR code found after 8 attempts');
}

/** The Action, template and logo a QR code refers to must be of the same project. */
async function checkReferences(
  trx: Executor,
  project: ProjectRow,
  input: Partial<Pick<QrCodeInput, 'actionId' | 'templateId' | 'design'>>,
  previousLogo: string | null,
): Promise<void> {
  if (input.actionId && !(await findAction(trx, project.id, input.actionId))) {
    throw invalidField('invalid', '/actionId', 'Choose an Action of this project');
  }
  if (input.templateId && !(await findQrCodeTemplate(trx, project.id, input.templateId))) {
    throw invalidField('invalid', '/templateId', 'Choose a template of this project');
  }
  const logo = input.design?.logo.mediaId;
  if (logo && logo !== previousLogo) {
    await usableMediaOr422(trx, project, logo, IMAGE_KINDS, '/design/logo/mediaId');
  }
}

/** How the shared item steps (services/projectItems.ts) reach a QR code. */
const QR_CODE: ItemKind<'qrCodes', QrCodeWithAction, QrCodeInput> = {
  table: 'qrCodes',
  findRow: findQrCode,
  notFound: 'qr_code_not_found',
  scanKey: (row) => row.code,
  scanKeyName: 'code',
  limitPointer: '/name',
  checkInput: (trx, project, input, row) =>
    checkReferences(trx, project, input, row ? readDesign(row.design).logo.mediaId : null),
  insertNew: async (trx, user, project, input, item) => {
    const code = await freshCode(trx);
    await insertQrCode(trx, {
      id: item.id,
      code,
      name: input.name,
      description: input.description,
      actionId: input.actionId,
      templateId: input.templateId,
      design: JSON.stringify(input.design),
      ...newItemColumns(project, user, item.now),
    });
    return code;
  },
  // The same Action (if it still exists), template and design.
  insertCopy: async (trx, user, project, qrCode, copy) => {
    const fresh = await freshCode(trx);
    await insertQrCode(trx, {
      id: copy.id,
      code: fresh,
      name: copy.name,
      description: qrCode.description,
      actionId: qrCode.actionName !== null ? qrCode.actionId : null,
      templateId: qrCode.templateId,
      design: qrCode.design,
      ...newItemColumns(project, user, copy.now),
    });
    return fresh;
  },
  fieldsOf: (qrCode) => editableFieldsOf(qrCode),
  ownPatch: (_qrCode, input) => ({
    columns: {
      ...(input.templateId !== undefined ? { templateId: input.templateId } : {}),
      ...(input.design !== undefined ? { design: JSON.stringify(input.design) } : {}),
    },
  }),
  notInTrash: 'Move the QR code to the trash before deleting it',
};

export const qrCodeOr404 = projectRowOr404('qrCode', QR_CODE.notFound, QR_CODE.findRow);

/** A new QR code; with `action`, its new Action too, in the same change (linked audit rows). */
export const createQrCode = (...args: ItemCreateArgs<NewQrCode>) => createItem(QR_CODE, ...args);

/** Changes only the fields present in the request body. */
export const editQrCode = (...args: ItemEditArgs<Partial<QrCodeInput>>) =>
  editItem(QR_CODE, ...args);

export const duplicateQrCode = (...args: ItemChangeArgs) => duplicateItem(QR_CODE, ...args);
export const trashQrCode = (...args: ItemChangeArgs) => trashItem(QR_CODE, ...args);
export const restoreQrCode = (...args: ItemChangeArgs) => restoreItem(QR_CODE, ...args);
export const deleteTrashedQrCode = (...args: ItemChangeArgs) => deleteTrashedItem(QR_CODE, ...args);

/**
 * Placements (issue 16 part 7): one new QR code per name, all using the Action, in one change.
 * The limits count them all at once (the same 422 as one create); each QR code's audit row hangs
 * under the Action's row that names the placements. Answers the new ids in the names' order.
 */
export async function createPlacements(
  db: Db,
  user: Actor,
  projectId: string,
  actionId: string,
  names: readonly string[],
  work: UnitOfWork,
): Promise<string[]> {
  const ids = names.map(() => ulid());
  await work.run(async ({ trx, record }) => {
    const { project, action } = await actionOr404(trx, user, projectId, actionId);
    await ensureRoomForOne(trx, 'qrCodes', project, '/names', names.length);
    const parentId = await record(
      itemChange(project, 'action', 'added', {
        id: action.id,
        name: action.name,
        changes: { placements: [...names] },
      }),
    );
    const now = new Date().toISOString();
    for (const [index, name] of names.entries()) {
      const id = ids[index];
      const input = {
        name,
        description: null,
        actionId: action.id,
        templateId: null,
        design: DEFAULT_QR_DESIGN,
      };
      const key = await QR_CODE.insertNew(trx, user, project, input, { id, now });
      await record(itemCreated(QR_CODE, project, { id, name, key, actionId: action.id }, parentId));
    }
  });
  return ids;
}

/** A QR code's fields as its edit takes them: what an audit row keeps and a restore re-applies. */
export function editableFieldsOf(qrCode: QrCodeWithAction): QrCodeInput {
  return {
    name: qrCode.name,
    description: qrCode.description,
    actionId: qrCode.actionId,
    templateId: qrCode.templateId,
    design: readDesign(qrCode.design),
  };
}

// Answers.

/** `QrCode` of docs/api-content.md. */
export interface QrCodeAnswer extends ItemAnswer {
  code: string;
  scanUrl: string;
  templateId: string | null;
  design: QrDesign;
}

export function readDesign(json: string): QrDesign {
  try {
    const parsed = qrDesignSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_QR_DESIGN;
  } catch {
    return DEFAULT_QR_DESIGN;
  }
}

/**
 * Where a customer's codes point: `{scheme}://{primary white-label hostname}` once it has a
 * verified primary one, the platform's scan base otherwise. Older URLs keep working either way.
 */
export async function scanBaseOf(
  db: Executor,
  config: Config,
  customerId: string,
): Promise<string> {
  return (await primaryScanBases(db, [customerId])).get(customerId) ?? config.scanBaseUrl;
}

export const scanUrlOf = (config: Config, code: string, base = config.scanBaseUrl) =>
  `${base}/${code}`;

/** A short link's URL: on the customer's scan base, or at the root of its own white-label host. */
export function shortLinkUrlOf(
  config: Config,
  host: string,
  uri: string,
  base = config.scanBaseUrl,
): string {
  return host ? `https://${host}/${uri}` : scanUrlOf(config, uri, base);
}

export async function presentQrCodes(
  db: Executor,
  config: Config,
  rows: QrCodeWithAction[],
): Promise<QrCodeAnswer[]> {
  return presentItems(db, 'qr_code', rows, (row, shared, base) => ({
    ...shared,
    code: row.code,
    scanUrl: scanUrlOf(config, row.code, base),
    templateId: row.templateId,
    design: readDesign(row.design),
  }));
}
