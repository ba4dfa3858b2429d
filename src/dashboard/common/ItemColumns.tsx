// Columns several project item lists share. DataTable.Col reads where it is drawn (header, row,
// column picker) from its context, so it works inside these components as it does in place.
import { DataTable } from 'react-admin';
import { LabelChips } from '../labels/LabelChips';
import { LocaleDateField } from './LocaleDateField';
import { LocaleNumberField } from './LocaleNumberField';

/** When the item last changed, hidden on screens narrower than `shownFrom`. */
export function UpdatedAtColumn({ shownFrom = 'md' }: { shownFrom?: 'sm' | 'md' }) {
  return (
    <DataTable.Col source="updatedAt" sx={{ display: { xs: 'none', [shownFrom]: 'table-cell' } }}>
      <LocaleDateField source="updatedAt" showTime />
    </DataTable.Col>
  );
}

/** A count (QR codes, items), right-aligned. */
export function CountColumn({ source, disableSort }: { source: string; disableSort?: boolean }) {
  return (
    <DataTable.Col source={source} align="right" disableSort={disableSort}>
      <LocaleNumberField source={source} />
    </DataTable.Col>
  );
}

/** The item's first three tags, as the answer carries them; a chip's click filters by it. */
export function LabelsColumn() {
  return (
    <DataTable.Col
      source="labels"
      label="resources.qr-codes.fields.labels"
      disableSort
      sx={{ display: { xs: 'none', md: 'table-cell' } }}
    >
      <LabelChips max={3} />
    </DataTable.Col>
  );
}
