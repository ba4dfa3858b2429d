// The audit log's field diff: before and after per changed field, other recorded values below.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeDiff, showValue } from '../../../src/dashboard/audit-logs/ChangeDiff';
import { renderWithAdmin } from '../helpers';

describe('ChangeDiff', () => {
  it('shows each changed field with its value before and after', () => {
    renderWithAdmin(
      <ChangeDiff
        changes={{
          fields: ['name', 'actionId'],
          before: { name: 'Poster', actionId: null },
          after: { name: 'Renamed poster', actionId: '01J0000000000000000000000A' },
        }}
      />,
      { role: 'customeradmin' },
    );
    const rows = within(screen.getByTestId('audit-log-diff')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldBeforeAfter',
      'namePosterRenamed poster',
      'actionId—01J0000000000000000000000A',
    ]);
    // What else the row recorded stays readable below the table.
    expect(screen.getByText(/"fields": \[/)).toBeTruthy();
  });

  it('falls back to the stored record when a row has no before and after', () => {
    renderWithAdmin(<ChangeDiff changes={{ qrCodes: 3 }} />, { role: 'customeradmin' });
    expect(screen.queryByTestId('audit-log-diff')).toBeNull();
    expect(screen.getByText(/"qrCodes": 3/)).toBeTruthy();
  });

  it('writes values the way a reader wants them', () => {
    expect(showValue(null)).toBe('—');
    expect(showValue('text')).toBe('text');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
  });
});
