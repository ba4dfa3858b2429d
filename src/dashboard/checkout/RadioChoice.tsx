// One labelled choice between a few radio buttons (the order's period, the customer's type): the
// label names the group for screen readers, each option has its own test id.
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';

export function RadioChoice<T extends string>({
  id,
  label,
  row = false,
  value,
  onChange,
  options,
}: {
  /** The label's id, which the group refers to. */
  id: string;
  label: string;
  row?: boolean;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string; testId: string }[];
}) {
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row={row}
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={option.label}
            data-testid={option.testId}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
