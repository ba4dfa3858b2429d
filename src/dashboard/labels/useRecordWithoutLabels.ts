// The record a details form edits, without its tags. Tags save on their own (LabelsInput), and
// react-admin resets a form whose record changes: left in, the refetch after a tag change would
// throw away what is being typed in the other fields.
import { useMemo } from 'react';
import { useRecordContext, type RaRecord } from 'react-admin';
import type { LabelSummary } from '../../shared/schemas/label';

export type RecordWithLabels = RaRecord & { labels?: LabelSummary[] };

/** The loaded record (tags included) and the same record without `labels`, for the form. */
export function useRecordWithoutLabels<T extends RecordWithLabels>(): {
  record: T | undefined;
  formRecord: Omit<T, 'labels'> | undefined;
} {
  const record = useRecordContext<T>();
  const formRecord = useMemo(() => {
    if (!record) return undefined;
    const { labels: _labels, ...rest } = record;
    return rest;
  }, [record]);
  return { record, formRecord };
}
