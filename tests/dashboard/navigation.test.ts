import { describe, expect, it } from 'vitest';
import { loginUrlWithReturn, safeReturnTo } from '../../src/dashboard/navigation';

describe('return_to', () => {
  it.each([
    ['/projects/01HZY8Q4J8M7V0K2T3R5N6P7QA/start', '/projects/01HZY8Q4J8M7V0K2T3R5N6P7QA/start'],
    ['/customers?page=2', '/customers?page=2'],
    ['https://evil.example/', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/login', null],
    [null, null],
  ])('safeReturnTo(%s) = %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it('builds the login URL from the current path', () => {
    expect(loginUrlWithReturn('/customers?page=2')).toBe(
      '/login?return_to=%2Fcustomers%3Fpage%3D2',
    );
    expect(loginUrlWithReturn('/login')).toBe('/login');
    // A second failing call while already on /login keeps the first one's return_to.
    expect(loginUrlWithReturn('/login?return_to=%2Fprojects')).toBe('/login?return_to=%2Fprojects');
    expect(loginUrlWithReturn('/password/forget')).toBe('/login');
  });
});
