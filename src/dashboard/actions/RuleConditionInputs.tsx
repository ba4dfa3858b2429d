// One condition of a rule (issue 16): a type picker, then that type's fields. Changing the type
// starts the condition over with the new type's defaults, so no field of the old type lingers.
import { IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  AutocompleteArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  DateTimeInput,
  NumberInput,
  SelectInput,
  TextInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  RULE_CONDITION_TYPES,
  RULE_DEVICES,
  RULE_OS_SUGGESTIONS,
  WEEKDAYS,
  type RuleConditionInput,
  type RuleConditionType,
} from '../../shared/schemas/rules';
import { fromLocalDateTime } from './ActivityInputs';
import { useCountryChoices } from './ActionTypeInputs';

const S = 'app.actions.smart';

/** Primary language subtags offered; the schema takes any two or three letters. */
const LANGUAGES = ['nl', 'en', 'fr', 'de', 'es', 'it', 'pt', 'pl', 'tr', 'ar', 'zh', 'ja'] as const;

export function defaultCondition(type: RuleConditionType): RuleConditionInput {
  switch (type) {
    case 'country':
    case 'device':
    case 'os':
    case 'language':
      return { type, values: [], negate: false };
    case 'time':
      return {
        type,
        days: ['mon', 'tue', 'wed', 'thu', 'fri'],
        from: '09:00',
        to: '17:00',
        negate: false,
      };
    case 'date':
      return { type, from: null, to: null, negate: false };
    case 'scanNumber':
      return { type, mode: 'first', n: 100, negate: false };
  }
}

function ConditionFields({ source, type }: { source: string; type: RuleConditionType }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const countries = useCountryChoices();
  const label = (field: string) => `${S}.condition_fields.${field}`;
  switch (type) {
    case 'country':
      return (
        <AutocompleteArrayInput
          source={`${source}.values`}
          label={label('countries')}
          choices={countries}
          fullWidth
          noOptionsText={translate('ra.navigation.no_results')}
        />
      );
    case 'device':
      return (
        <CheckboxGroupInput
          source={`${source}.values`}
          label={label('devices')}
          choices={RULE_DEVICES.map((id) => ({ id, name: `app.statistics.devices.${id}` }))}
        />
      );
    case 'os':
      return (
        <CheckboxGroupInput
          source={`${source}.values`}
          label={label('os')}
          choices={RULE_OS_SUGGESTIONS.map((id) => ({ id, name: id }))}
          translateChoice={false}
        />
      );
    case 'language': {
      const names = new Intl.DisplayNames([locale], { type: 'language' });
      return (
        <AutocompleteArrayInput
          source={`${source}.values`}
          label={label('languages')}
          choices={LANGUAGES.map((id) => ({ id, name: names.of(id) ?? id }))}
          translateChoice={false}
          fullWidth
        />
      );
    }
    case 'time':
      return (
        <Stack sx={{ width: '100%' }}>
          <CheckboxGroupInput
            source={`${source}.days`}
            label={label('days')}
            choices={WEEKDAYS.map((id) => ({ id, name: `${S}.weekdays.${id}` }))}
          />
          <Stack direction="row" spacing={2}>
            <TextInput source={`${source}.from`} label={label('time_from')} type="time" />
            <TextInput source={`${source}.to`} label={label('time_to')} type="time" />
          </Stack>
        </Stack>
      );
    case 'date':
      return (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <DateTimeInput
            source={`${source}.from`}
            label={label('date_from')}
            parse={fromLocalDateTime}
          />
          <DateTimeInput
            source={`${source}.to`}
            label={label('date_to')}
            parse={fromLocalDateTime}
          />
        </Stack>
      );
    case 'scanNumber':
      return (
        <Stack direction="row" spacing={2}>
          <SelectInput
            source={`${source}.mode`}
            label={label('scan_mode')}
            choices={[
              { id: 'first', name: `${S}.scan_modes.first` },
              { id: 'after', name: `${S}.scan_modes.after` },
            ]}
          />
          <NumberInput source={`${source}.n`} label={label('scan_n')} min={1} step={1} />
        </Stack>
      );
  }
}

export function RuleConditionInputs({
  source,
  onRemove,
}: {
  /** e.g. `rules.0.conditions.1` */
  source: string;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const type = useWatch({ name: `${source}.type` }) as RuleConditionType;
  return (
    <Stack
      spacing={1}
      sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, width: '100%' }}
      data-testid={`condition-${source}`}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <TextField
          select
          size="small"
          label={translate(`${S}.condition_type`)}
          value={type}
          onChange={(event) =>
            setValue(source, defaultCondition(event.target.value as RuleConditionType), {
              shouldDirty: true,
              shouldValidate: true,
            })
          }
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': `${source}-type` } }}
        >
          {RULE_CONDITION_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {translate(`${S}.condition_types.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <BooleanInput source={`${source}.negate`} label={`${S}.negate`} helperText={false} />
        <Tooltip title={translate(`${S}.remove_condition`)}>
          <IconButton aria-label={translate(`${S}.remove_condition`)} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <ConditionFields key={type} source={source} type={type} />
    </Stack>
  );
}
