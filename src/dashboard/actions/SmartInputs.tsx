// The smart code part of the Action editor (issue 16): rules (first match wins, reordered by drag
// or by the up/down buttons), the A/B split with its live total, protection and the fallback. The
// shared schema validates all of it through the form's validate (actionForm.ts).
import { useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIcon from '@mui/icons-material/DragIndicator';
import { BooleanInput, DateTimeInput, NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { apiErrorKey } from '../../shared/errors';
import {
  CONDITIONS_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RULES_MAX,
  SPLIT_MAX,
  SPLIT_MIN,
} from '../../shared/schemas/rules';
import { newTarget } from './actionForm';
import { ActionTargetInputs } from './ActionTargetInputs';
import { fromLocalDateTime } from './ActivityInputs';
import { defaultCondition, RuleConditionInputs } from './RuleConditionInputs';

const S = 'app.actions.smart';

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: React.ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', mb: 3 }} aria-label={translate(title)}>
      <Typography variant="h6" component="h2">
        {translate(title)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(hint)}
      </Typography>
      {children}
    </Box>
  );
}

function RuleConditions({ rule }: { rule: string }) {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: `${rule}.conditions` });
  return (
    <Stack spacing={1} sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2">{translate(`${S}.conditions`)}</Typography>
      {fields.map((field, index) => (
        <RuleConditionInputs
          key={field.id}
          source={`${rule}.conditions.${index}`}
          onRemove={() => remove(index)}
        />
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={fields.length >= CONDITIONS_MAX}
          onClick={() => append(defaultCondition('country'))}
          data-testid={`${rule}-add-condition`}
        >
          {translate(`${S}.add_condition`)}
        </Button>
      </Box>
    </Stack>
  );
}

function RulesInput() {
  const translate = useTranslate();
  const { fields, append, remove, move } = useFieldArray({ name: 'rules' });
  const [dragged, setDragged] = useState<number | null>(null);
  const drop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null && dragged !== index) move(dragged, index);
    setDragged(null);
  };
  return (
    <Stack spacing={2} data-testid="rules">
      {fields.map((field, index) => {
        const rule = `rules.${index}`;
        const position = { n: index + 1 };
        return (
          <Card
            key={field.id}
            variant="outlined"
            onDragOver={(event) => event.preventDefault()}
            onDrop={drop(index)}
            data-testid={`rule-${index}`}
            sx={{ opacity: dragged === index ? 0.5 : 1 }}
          >
            <CardContent>
              <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
                <Box
                  draggable
                  onDragStart={() => setDragged(index)}
                  onDragEnd={() => setDragged(null)}
                  sx={{ cursor: 'grab', display: 'flex' }}
                  aria-hidden
                >
                  <DragIcon />
                </Box>
                <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
                  {translate(`${S}.rule_title`, position)}
                </Typography>
                <Tooltip title={translate(`${S}.move_up`)}>
                  <span>
                    <IconButton
                      aria-label={translate(`${S}.move_up_rule`, position)}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      data-testid={`rule-${index}-up`}
                    >
                      <ArrowUpIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={translate(`${S}.move_down`)}>
                  <span>
                    <IconButton
                      aria-label={translate(`${S}.move_down_rule`, position)}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      data-testid={`rule-${index}-down`}
                    >
                      <ArrowDownIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={translate(`${S}.remove_rule`)}>
                  <IconButton
                    aria-label={translate(`${S}.remove_rule_n`, position)}
                    onClick={() => remove(index)}
                    data-testid={`rule-${index}-remove`}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
              <TextInput source={`${rule}.name`} label={`${S}.rule_name`} fullWidth />
              <RuleConditions rule={rule} />
              <Typography variant="subtitle2">{translate(`${S}.then_show`)}</Typography>
              <ActionTargetInputs source={`${rule}.target`} />
            </CardContent>
          </Card>
        );
      })}
      <Box>
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          disabled={fields.length >= RULES_MAX}
          onClick={() =>
            append({
              name: translate(`${S}.rule_title`, { n: fields.length + 1 }),
              conditions: [defaultCondition('country')],
              target: newTarget(),
            })
          }
          data-testid="rule-add"
        >
          {translate(`${S}.add_rule`)}
        </Button>
      </Box>
    </Stack>
  );
}

/** The sum of the variants' percents, as typed. */
function splitTotal(split: unknown): number {
  if (!Array.isArray(split)) return 0;
  return split.reduce((sum: number, variant: { percent?: unknown }) => {
    const percent = Number(variant?.percent);
    return sum + (Number.isFinite(percent) ? percent : 0);
  }, 0);
}

function SplitInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const split = useWatch({ name: 'split' }) as unknown[] | null;
  const { fields, append, remove } = useFieldArray({ name: 'split' });
  if (!Array.isArray(split) || split.length === 0) {
    return (
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        data-testid="split-start"
        onClick={() =>
          setValue(
            'split',
            ['A', 'B'].map((name) => ({ name, percent: 50, target: newTarget() })),
            { shouldDirty: true, shouldValidate: true },
          )
        }
      >
        {translate(`${S}.split_start`)}
      </Button>
    );
  }
  const total = splitTotal(split);
  return (
    <Stack spacing={2} data-testid="split">
      {fields.map((field, index) => (
        <Card key={field.id} variant="outlined" data-testid={`variant-${index}`}>
          <CardContent>
            <Stack direction="row" spacing={2} alignItems="flex-start">
              <TextInput source={`split.${index}.name`} label={`${S}.variant_name`} />
              <NumberInput
                source={`split.${index}.percent`}
                label={`${S}.variant_percent`}
                min={1}
                max={99}
                step={1}
              />
              <Tooltip title={translate(`${S}.remove_variant`)}>
                <span>
                  <IconButton
                    aria-label={translate(`${S}.remove_variant`)}
                    disabled={fields.length <= SPLIT_MIN}
                    onClick={() => remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
            <ActionTargetInputs source={`split.${index}.target`} />
          </CardContent>
        </Card>
      ))}
      <Typography
        role="status"
        data-testid="split-total"
        color={total === 100 ? 'text.primary' : 'error'}
      >
        {translate(`${S}.split_total`, { total })}
      </Typography>
      {total !== 100 && (
        <Alert severity="error" data-testid="split-error">
          {translate(apiErrorKey('split_total'), { total })}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= SPLIT_MAX}
          onClick={() => append({ name: '', percent: 0, target: newTarget() })}
          data-testid="split-add"
        >
          {translate(`${S}.add_variant`)}
        </Button>
        <Button
          color="error"
          onClick={() => setValue('split', null, { shouldDirty: true, shouldValidate: true })}
          data-testid="split-stop"
        >
          {translate(`${S}.split_stop`)}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Set or remove the password; the stored one is never shown, only whether there is one. */
function PasswordInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const hasPassword = useWatch({ name: 'protection.hasPassword' }) === true;
  const password = useWatch({ name: 'protection.password' }) as string | null | undefined;
  const [isEditing, setEditing] = useState(false);
  const set = (value: string | null | undefined) =>
    setValue('protection.password', value, { shouldDirty: true, shouldValidate: true });
  if (password === null) {
    return (
      <Alert
        severity="warning"
        action={<Button onClick={() => set(undefined)}>{translate('ra.action.undo')}</Button>}
      >
        {translate(`${S}.password_removed`)}
      </Alert>
    );
  }
  if (isEditing) {
    return (
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextInput
          source="protection.password"
          label={`${S}.password`}
          type="password"
          autoComplete="new-password"
          helperText={translate(`${S}.password_hint`, { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        />
        <Button
          onClick={() => {
            set(undefined);
            setEditing(false);
          }}
        >
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
      <Typography data-testid="password-state">
        {translate(hasPassword ? `${S}.password_set` : `${S}.password_none`)}
      </Typography>
      <Button onClick={() => setEditing(true)} data-testid="password-edit">
        {translate(hasPassword ? `${S}.password_change` : `${S}.password_add`)}
      </Button>
      {hasPassword && (
        <Button color="error" onClick={() => set(null)} data-testid="password-remove">
          {translate(`${S}.password_remove`)}
        </Button>
      )}
    </Stack>
  );
}

function FallbackInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const fallback = useWatch({ name: 'fallback' }) as unknown;
  const change = (value: unknown) =>
    setValue('fallback', value, { shouldDirty: true, shouldValidate: true });
  if (!fallback) {
    return (
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={() => change(newTarget())}
        data-testid="fallback-add"
      >
        {translate(`${S}.fallback_add`)}
      </Button>
    );
  }
  return (
    <Stack spacing={1}>
      <ActionTargetInputs source="fallback" />
      <Box>
        <Button color="error" onClick={() => change(null)} data-testid="fallback-remove">
          {translate(`${S}.fallback_remove`)}
        </Button>
      </Box>
    </Stack>
  );
}

export function SmartInputs() {
  return (
    <Box sx={{ width: '100%' }} data-testid="smart-inputs">
      <Section title={`${S}.rules_title`} hint={`${S}.rules_hint`}>
        <RulesInput />
      </Section>
      <Section title={`${S}.split_title`} hint={`${S}.split_hint`}>
        <SplitInput />
      </Section>
      <Section title={`${S}.protection_title`} hint={`${S}.protection_hint`}>
        <PasswordInput />
        <NumberInput source="protection.scanCap" label={`${S}.scan_cap`} min={1} step={1} />
        <DateTimeInput
          source="protection.expiresAt"
          label={`${S}.expires_at`}
          parse={fromLocalDateTime}
        />
        <BooleanInput source="protection.ageGate" label={`${S}.age_gate`} />
      </Section>
      <Section title={`${S}.fallback_title`} hint={`${S}.fallback_hint`}>
        <FallbackInput />
      </Section>
    </Box>
  );
}
