// The checkout's radio choices: a group named by its label, one test id per option, the chosen
// value handed back as the option's own value.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { RadioChoice } from '../../../src/dashboard/checkout/RadioChoice';

describe('RadioChoice', () => {
  it('names the group by its label and hands back the chosen value', () => {
    const onChange = vi.fn();
    render(
      <RadioChoice
        id="checkout-period"
        label="Period"
        value="month"
        onChange={onChange}
        options={[
          { value: 'month', label: 'Monthly', testId: 'checkout-period-month' },
          { value: 'year', label: 'Yearly', testId: 'checkout-period-year' },
        ]}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeTruthy();
    expect(screen.getByTestId('checkout-period-month').textContent).toBe('Monthly');
    expect((screen.getByLabelText('Monthly') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Yearly'));
    expect(onChange).toHaveBeenCalledWith('year');
  });
});
