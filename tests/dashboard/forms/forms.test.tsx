// The shared pieces of the account-side forms: a 422 goes back to the form's fields and only other
// failures become notices; the page card's heading and window title say the same.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiHttpError } from '../../../src/dashboard/providers/http';
import { fieldErrorsOf, submitForm } from '../../../src/dashboard/forms/submitForm';
import { PageCard } from '../../../src/dashboard/forms/PageCard';
import { renderWithAdmin } from '../helpers';

const unprocessable = () =>
  new ApiHttpError(
    'Unprocessable',
    422,
    {
      errors: { name: 'errors.api.required' },
      fieldErrors: { name: { message: 'errors.api.required', args: {} } },
      apiErrors: [{ code: 'required', detail: 'required', source: { pointer: '/name' } }],
    },
    'required',
  );

describe('submitForm', () => {
  it('returns nothing and reports nothing when the save succeeds', async () => {
    const onFailure = vi.fn();
    expect(await submitForm(async () => 'saved', onFailure)).toBeUndefined();
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('hands a 422’s field errors back to the form, without a notice', async () => {
    const onFailure = vi.fn();
    const result = await submitForm(async () => {
      throw unprocessable();
    }, onFailure);
    expect(result).toEqual({ name: 'errors.api.required' });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('reports any other failure and returns nothing for the fields', async () => {
    const onFailure = vi.fn();
    const failure = new Error('offline');
    const result = await submitForm(async () => {
      throw failure;
    }, onFailure);
    expect(result).toBeUndefined();
    expect(onFailure).toHaveBeenCalledWith(failure);
  });

  it('reads field errors only from a 422', () => {
    expect(fieldErrorsOf(unprocessable())).toEqual({ name: 'errors.api.required' });
    expect(fieldErrorsOf(new Error('offline'))).toBeNull();
  });
});

describe('PageCard', () => {
  it('shows the translated title as the h1 and the intro below it', async () => {
    renderWithAdmin(
      <PageCard title="app.webhooks.title" intro="app.webhooks.intro">
        <p>content</p>
      </PageCard>,
    );
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Webhooks');
    expect(screen.getByText(/Another system hears about changes/)).toBeTruthy();
    expect(screen.getByText('content')).toBeTruthy();
  });
});
