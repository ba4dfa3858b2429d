// A list filter by tag: put `<LabelFilter key="labelId" source="labelId" alwaysOn />` in a List's
// `filters`; the API's lists of QR codes and short links take `labelId`.
import { SelectInput, useGetList, useTranslate, type SelectInputProps } from 'react-admin';
import type { Label } from '../../shared/schemas/label';

export interface LabelFilterProps extends Omit<SelectInputProps, 'source' | 'choices'> {
  source?: string;
  /** Defaults to the project of the current route. */
  projectId?: string;
  alwaysOn?: boolean;
}

export function LabelFilter({
  source = 'labelId',
  projectId,
  alwaysOn: _alwaysOn,
  ...rest
}: LabelFilterProps) {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList<Label>('labels', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    meta: projectId ? { projectId } : undefined,
  });
  return (
    <SelectInput
      source={source}
      choices={data}
      optionText="name"
      optionValue="id"
      label={translate('app.labels.filter')}
      emptyText={translate('app.labels.all')}
      isPending={isPending}
      helperText={false}
      sx={{ minWidth: 180 }}
      data-testid="label-filter"
      {...rest}
    />
  );
}
