// What an Action serves: its kind tabs and the per-kind inputs ({ objectType, data }). The Action's
// own content uses it at the top of the form (source ''), and every rule, A/B variant and the
// fallback under their own prefix, so each target is edited with the same inputs.
import { forwardRef, useMemo, useRef, type ComponentProps } from 'react';
import { Box, Tab, Tabs, Tooltip } from '@mui/material';
import { SourceContextProvider, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ActionType } from '../../shared/enums';
import { isActionType } from '../../shared/schemas/action';
import { DEFAULT_ACTION_TYPE, defaultDataFor } from './actionForm';
import { ACTION_TAB_ORDER, ACTION_TYPE_ICONS, typeLabelKey, typeTooltipKey } from './actionTypes';
import { ActionTypeInputs } from './ActionTypeInputs';

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
  testPrefix = 'action',
}: {
  value: ActionType;
  onChange: (type: ActionType) => void;
  /** Test ids `{testPrefix}-tab-{type}`: a rule's target has its own. */
  testPrefix?: string;
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
        data-testid={`${testPrefix}-type-tabs`}
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
              data-testid={`${testPrefix}-tab-${type}`}
              sx={{ minHeight: 48, minWidth: 0, px: 1.5, textTransform: 'none' }}
            />
          );
        })}
      </Tabs>
    </Box>
  );
}

export function ActionTargetInputs({ source }: { source: string }) {
  const wrapped = useWrappedSource(source);
  const prefix = source ? wrapped : '';
  const at = (inner: string) => (prefix ? `${prefix}.${inner}` : inner);
  const { getValues, setValue } = useFormContext();
  const watched = useWatch({ name: at('objectType') }) as unknown;
  const type: ActionType = isActionType(watched) ? watched : DEFAULT_ACTION_TYPE;
  // What was typed under a kind is kept while the user looks at another one.
  const drafts = useRef<Partial<Record<ActionType, unknown>>>({});
  const context = useMemo(
    () => ({
      getSource: (inner: string) => `${prefix}.${inner}`,
      // The per-kind inputs keep the Action's own labels.
      getLabel: (inner: string) => `resources.actions.fields.${inner}`,
    }),
    [prefix],
  );

  const switchTo = (next: ActionType) => {
    if (next === type) return;
    drafts.current[type] = getValues(at('data'));
    setValue(at('objectType'), next, { shouldDirty: true });
    setValue(at('data'), drafts.current[next] ?? defaultDataFor(next), {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  const inputs = <ActionTypeInputs key={type} type={type} />;
  return (
    <Box sx={{ width: '100%' }}>
      <ActionTypeTabs
        value={type}
        onChange={switchTo}
        testPrefix={prefix ? `target-${prefix}` : 'action'}
      />
      {prefix ? <SourceContextProvider value={context}>{inputs}</SourceContextProvider> : inputs}
    </Box>
  );
}
