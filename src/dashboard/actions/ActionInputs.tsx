// The Action editor shared by create and edit: name, the ten kind tabs (SPEC §2 "The Action
// editor"), the fields of the chosen kind and the activity.
import { forwardRef, useRef, type ComponentProps } from 'react';
import { Box, Divider, Tab, Tabs, Tooltip } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import type { ActionType } from '../../shared/enums';
import { isActionType } from '../../shared/schemas/action';
import { ACTION_TAB_ORDER, ACTION_TYPE_ICONS, typeLabelKey, typeTooltipKey } from './actionTypes';
import { DEFAULT_ACTION_TYPE, defaultDataFor } from './actionForm';
import { ActionTypeInputs } from './ActionTypeInputs';
import { ActivityInputs } from './ActivityInputs';

/** A Tab under a tooltip; Tabs clones its children with value/selected/onChange, passed on here. */
const TooltipTab = forwardRef<HTMLDivElement, ComponentProps<typeof Tab> & { tooltip: string }>(
  function TooltipTab({ tooltip, ...props }, ref) {
    return (
      <Tooltip title={tooltip} describeChild placement="top" arrow>
        <Tab ref={ref} {...props} />
      </Tooltip>
    );
  },
);

export function ActionTypeTabs({
  value,
  onChange,
}: {
  value: ActionType;
  onChange: (type: ActionType) => void;
}) {
  const translate = useTranslate();
  return (
    // inline-size containment: the strip of ten tabs must scroll, not widen the page.
    <Box sx={{ width: '100%', contain: 'inline-size', mb: 2 }}>
      <Tabs
        value={value}
        onChange={(_event, next: ActionType) => onChange(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('app.actions.type')}
        data-testid="action-type-tabs"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {ACTION_TAB_ORDER.map((type) => {
          const Icon = ACTION_TYPE_ICONS[type];
          return (
            <TooltipTab
              key={type}
              value={type}
              icon={<Icon fontSize="small" />}
              iconPosition="start"
              label={translate(typeLabelKey(type))}
              tooltip={translate(typeTooltipKey(type))}
              data-testid={`action-tab-${type}`}
              sx={{ minHeight: 48, minWidth: 0, px: 1.5, textTransform: 'none' }}
            />
          );
        })}
      </Tabs>
    </Box>
  );
}

export function ActionInputs() {
  const { getValues, setValue } = useFormContext();
  const watched = useWatch({ name: 'objectType' }) as unknown;
  const type: ActionType = isActionType(watched) ? watched : DEFAULT_ACTION_TYPE;
  // What was typed under a kind is kept while the user looks at another one.
  const drafts = useRef<Partial<Record<ActionType, unknown>>>({});

  const switchTo = (next: ActionType) => {
    if (next === type) return;
    drafts.current[type] = getValues('data');
    setValue('objectType', next, { shouldDirty: true });
    setValue('data', drafts.current[next] ?? defaultDataFor(next), {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="name" fullWidth data-testid="action-name" />
      <ActionTypeTabs value={type} onChange={switchTo} />
      <ActionTypeInputs key={type} type={type} />
      <Divider sx={{ my: 2 }} />
      <ActivityInputs />
    </Box>
  );
}
