// When the Action is active (SPEC §4 "Action activity modes"): always, between a start and an end,
// or on repeating intervals; whole days, no end date, show before active (src/shared/activity.ts).
import { useEffect, useRef } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ACTIVITY_MODES, type Activity, type ActivityInterval } from '../../shared/activity';
import { ACTIVE_INTERVAL_UNITS } from '../../shared/enums';
import { END_BEFORE_START_MESSAGE_KEY, endsBeforeStart } from './actionForm';

const DEFAULT_INTERVAL: ActivityInterval = {
  every: 1,
  unit: 'weeks',
  duration: 1,
  durationUnit: 'days',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored instant as the local calendar day of a date input. */
export function toLocalDay(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A whole day is stored as local noon, so its calendar day is the same in any nearby zone. */
export function fromLocalDay(value: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T12:00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** datetime-local's "YYYY-MM-DDTHH:mm" (local) to an ISO instant. */
export function fromLocalDateTime(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function IntervalInputs() {
  const translate = useTranslate();
  const units = ACTIVE_INTERVAL_UNITS.map((unit) => ({
    id: unit,
    name: translate(`app.actions.activity.units.${unit}`),
  }));
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }}>
      <NumberInput source="activity.interval.every" min={1} max={1000} step={1} />
      <SelectInput source="activity.interval.unit" choices={units} />
      <NumberInput source="activity.interval.duration" min={1} max={1000} step={1} />
      <SelectInput source="activity.interval.durationUnit" choices={units} />
    </Stack>
  );
}

export function ActivityInputs() {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const activity = useWatch({ name: 'activity' }) as Partial<Activity> | undefined;
  const mode = activity?.mode ?? 'always';
  const wholeDay = !!activity?.wholeDay;
  const noEndDate = !!activity?.noEndDate;

  // The interval mode needs an interval; start from "every week, for one day".
  useEffect(() => {
    if (mode === 'interval' && !activity?.interval) {
      setValue('activity.interval', { ...DEFAULT_INTERVAL }, { shouldDirty: true });
    }
  }, [mode, activity?.interval, setValue]);

  // SPEC §8's notice, once each time the end moves before the start (the field shows it too).
  const wasBefore = useRef(false);
  const isBefore = mode !== 'always' && endsBeforeStart(activity);
  useEffect(() => {
    if (isBefore && !wasBefore.current) notify(END_BEFORE_START_MESSAGE_KEY, { type: 'error' });
    wasBefore.current = isBefore;
  }, [isBefore, notify]);

  const modes = ACTIVITY_MODES.map((value) => ({
    id: value,
    name: translate(`app.actions.activity.modes.${value}`),
  }));
  const DayOrTime = wholeDay ? DateInput : DateTimeInput;
  const dayProps = wholeDay
    ? { format: toLocalDay, parse: fromLocalDay }
    : { parse: fromLocalDateTime };

  return (
    <Box sx={{ width: '100%' }} data-testid="action-activity">
      <Typography variant="subtitle1" sx={{ mt: 1 }}>
        {translate('app.actions.activity.title')}
      </Typography>
      <RadioButtonGroupInput source="activity.mode" choices={modes} row />
      {mode !== 'always' && (
        <>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
            <BooleanInput source="activity.wholeDay" />
            <BooleanInput source="activity.noEndDate" />
            <BooleanInput source="activity.showBeforeActive" />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }}>
            <DayOrTime key={`start-${wholeDay}`} source="activity.start" {...dayProps} />
            {!noEndDate && (
              <DayOrTime key={`end-${wholeDay}`} source="activity.end" {...dayProps} />
            )}
          </Stack>
          {mode === 'interval' && <IntervalInputs />}
        </>
      )}
    </Box>
  );
}
