// The records of docs/api-content.md the QR code screens read.
import type { ActionType } from '../../shared/enums';
import type { LabelSummary } from '../../shared/schemas/label';
import type { QrDesign } from '../../shared/schemas/qrCode';

export interface QrCodeRecord {
  id: string;
  projectId: string;
  code: string;
  scanUrl: string;
  name: string;
  description: string | null;
  actionId: string | null;
  action: { id: string; name: string; objectType: ActionType } | null;
  templateId: string | null;
  design: QrDesign;
  /** The QR code's tags; every answer carries them (docs/api-content.md). */
  labels?: LabelSummary[];
  scans: number;
  createdAt: string;
  updatedAt: string;
  trashedAt: string | null;
}

/** What the Action select and the wizard need of an Action. */
export interface ActionSummary {
  id: string;
  name: string;
  objectType: ActionType;
}

export interface QrCodeTemplateRecord {
  id: string;
  name: string;
  design: QrDesign;
}
