// The designer as a react-admin input (source "design"), for the QR code and template forms.
import { useInput } from 'react-admin';
import { DEFAULT_QR_DESIGN, qrDesignSchema, type QrDesign } from '../../shared/schemas/qrCode';
import { LazyQrDesigner } from './LazyQrDesigner';

/** A stored design read back through the schema, so older rows get today's defaults. */
export function normaliseDesign(value: unknown): QrDesign {
  const parsed = qrDesignSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_QR_DESIGN;
}

export function QrDesignInput({
  source = 'design',
  data,
  projectId,
}: {
  source?: string;
  data: string;
  projectId: string | null;
}) {
  const { field } = useInput({ source, defaultValue: DEFAULT_QR_DESIGN });
  return (
    <LazyQrDesigner
      value={normaliseDesign(field.value)}
      onChange={(design) => field.onChange(design)}
      data={data}
      projectId={projectId}
    />
  );
}
