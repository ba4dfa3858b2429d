// The smart code part of the Action editor (issue 16): rules are added, reordered with the
// keyboard-reachable buttons and validated by the shared schema at their fields; the A/B split
// shows its live total and the schema's error while the percents do not add up to 100.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../../locales/en.json';
import { ActionInputs } from '../../../src/dashboard/actions/ActionInputs';
import { newActionValues, toActionInput } from '../../../src/dashboard/actions/actionForm';
import { renderInForm } from './helpers';

const nameOf = (index: number) =>
  document.querySelector<HTMLInputElement>(`[name="rules.${index}.name"]`)!.value;

describe('the rules editor', () => {
  it('adds rules, each with a condition and a target of its own kind, and reorders them', async () => {
    renderInForm(<ActionInputs />, newActionValues());
    fireEvent.click(await screen.findByTestId('rule-add'));
    fireEvent.click(screen.getByTestId('rule-add'));
    await screen.findByTestId('rule-1');
    expect([nameOf(0), nameOf(1)]).toEqual(['Rule 1', 'Rule 2']);
    fireEvent.change(document.querySelector('[name="rules.0.name"]')!, {
      target: { value: 'iPhones' },
    });

    // The target is edited with the Action editor's own inputs, under the rule's prefix.
    const rule = screen.getByTestId('rule-0');
    fireEvent.click(within(rule).getByTestId('target-rules.0.target-tab-appLink'));
    expect(await within(rule).findByText(en.resources.actions.fields.data.appStore)).toBeTruthy();
    expect(document.querySelector('[name="rules.0.target.data.appStore"]')).toBeTruthy();

    expect(screen.getByTestId('rule-0-up')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('rule-0-down'));
    await waitFor(() => expect([nameOf(0), nameOf(1)]).toEqual(['Rule 2', 'iPhones']));
    // The moved rule took its target along.
    expect(document.querySelector('[name="rules.1.target.data.appStore"]')).toBeTruthy();
    expect(document.querySelector('[name="rules.0.target.data.link"]')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rule-1-up'));
    await waitFor(() => expect([nameOf(0), nameOf(1)]).toEqual(['iPhones', 'Rule 2']));
  }, 60_000);

  it('shows the shared schema’s messages at a rule’s fields', async () => {
    renderInForm(<ActionInputs />, newActionValues());
    fireEvent.click(await screen.findByTestId('rule-add'));
    const name = await waitFor(() =>
      document.querySelector<HTMLInputElement>('[name="rules.0.name"]')!,
    );
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.blur(name);
    const rule = screen.getByTestId('rule-0');
    expect(await within(rule).findByText(en.errors.api.required)).toBeTruthy();
    // A country condition with no country chosen.
    expect(
      await within(rule).findByText(en.errors.api.array_length_min.replace('%{min}', '1')),
    ).toBeTruthy();
  });

  it('changing a condition’s type shows that type’s fields', async () => {
    renderInForm(<ActionInputs />, newActionValues());
    fireEvent.click(await screen.findByTestId('rule-add'));
    const type = await screen.findByLabelText(en.app.actions.smart.condition_type);
    fireEvent.mouseDown(type);
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByText(
        en.app.actions.smart.condition_types.scanNumber,
      ),
    );
    await waitFor(() =>
      expect(
        document.querySelector<HTMLInputElement>('[name="rules.0.conditions.0.n"]')?.value,
      ).toBe('100'),
    );
    expect(document.querySelector('[name="rules.0.conditions.0.values"]')).toBeNull();
  });
});

describe('the A/B split', () => {
  it('shows the live total and the field error until the percents add up to 100', async () => {
    renderInForm(<ActionInputs />, newActionValues());
    fireEvent.click(await screen.findByTestId('split-start'));
    expect((await screen.findByTestId('split-total')).textContent).toBe('Total: 100 %');
    expect(screen.queryByTestId('split-error')).toBeNull();

    const percent = document.querySelector<HTMLInputElement>('[name="split.0.percent"]')!;
    fireEvent.change(percent, { target: { value: '60' } });
    await waitFor(() => expect(screen.getByTestId('split-total').textContent).toBe('Total: 110 %'));
    expect(screen.getByTestId('split-error').textContent).toBe(
      en.errors.api.split_total.replace('%{total}', '110'),
    );

    fireEvent.click(screen.getByTestId('split-add'));
    await screen.findByTestId('variant-2');
    fireEvent.change(document.querySelector('[name="split.1.percent"]')!, {
      target: { value: '20' },
    });
    fireEvent.change(document.querySelector('[name="split.2.percent"]')!, {
      target: { value: '20' },
    });
    await waitFor(() => expect(screen.getByTestId('split-total').textContent).toBe('Total: 100 %'));
    expect(screen.queryByTestId('split-error')).toBeNull();
  });
});

describe('what the form sends', () => {
  it('leaves the stored password alone unless one is typed or removed', () => {
    const base = { ...newActionValues(), data: { link: 'https://a.test/' } };
    const kept = toActionInput({
      ...base,
      protection: { hasPassword: true, scanCap: null, expiresAt: null, ageGate: false },
    });
    expect(kept.protection).not.toHaveProperty('password');
    expect(kept.protection).not.toHaveProperty('hasPassword');
    const removed = toActionInput({
      ...base,
      protection: {
        hasPassword: true,
        password: null,
        scanCap: null,
        expiresAt: null,
        ageGate: false,
      },
    });
    expect(removed.protection).toMatchObject({ password: null });
  });
});
