import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { pathToPointer, pointerToPath } from '../../src/shared/errors.js';
import { zodErrorToApiErrors } from '../../src/shared/validation.js';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return zodErrorToApiErrors(result.error);
};

describe('zodErrorToApiErrors', () => {
  it.each([
    ['missing string', z.object({ a: z.string() }), {}, { code: 'required' }],
    ['null string', z.object({ a: z.string() }), { a: null }, { code: 'required' }],
    ['empty required text', z.object({ a: z.string().min(1) }), { a: '' }, { code: 'required' }],
    ['wrong type', z.object({ a: z.boolean() }), { a: 'yes' }, { code: 'invalid' }],
    ['not a number', z.object({ a: z.number() }), { a: 'x' }, { code: 'numeric' }],
    [
      'too short',
      z.object({ a: z.string().min(8) }),
      { a: 'abc' },
      { code: 'min', meta: { min: 8 } },
    ],
    [
      'too long',
      z.object({ a: z.string().max(3) }),
      { a: 'abcd' },
      { code: 'max', meta: { max: 3 } },
    ],
    [
      'too few items',
      z.object({ a: z.array(z.string()).min(2) }),
      { a: ['x'] },
      { code: 'array_length_min', meta: { min: 2 } },
    ],
    [
      'too many items',
      z.object({ a: z.array(z.string()).max(1) }),
      { a: ['x', 'y'] },
      { code: 'array_length_max', meta: { max: 1 } },
    ],
    ['email', z.object({ a: z.email() }), { a: 'nope' }, { code: 'email' }],
    [
      'prefix',
      z.object({ a: z.string().startsWith('https://') }),
      { a: 'http://x' },
      { code: 'prefix', meta: { prefix: 'https://' } },
    ],
    ['regex', z.object({ a: z.string().regex(/^[a-z]+$/) }), { a: 'A!' }, { code: 'regex' }],
    [
      'enum',
      z.object({ a: z.enum(['x', 'y']) }),
      { a: 'z' },
      { code: 'in', meta: { values: ['x', 'y'] } },
    ],
    ['integer', z.object({ a: z.number().multipleOf(1) }), { a: 1.5 }, { code: 'integer' }],
    [
      'custom code',
      z
        .object({ a: z.string() })
        .refine(() => false, { path: ['a'], params: { code: 'confirmed' } }),
      { a: 'x' },
      { code: 'confirmed' },
    ],
  ])('%s', (_name, schema, value, expected) => {
    const [error] = errorsOf(schema, value);
    expect(error).toMatchObject({ ...expected, source: { pointer: '/a' } });
    if (!('meta' in expected)) expect(error.meta).toBeUndefined();
  });

  it('keeps one error per field, the first rule that failed', () => {
    const schema = z.object({ a: z.string().min(3).regex(/^\d+$/), b: z.string() });
    const errors = errorsOf(schema, { a: 'x' });
    expect(errors.map((error) => error.source?.pointer)).toEqual(['/a', '/b']);
    expect(errors[0].code).toBe('min');
  });

  it('names nested fields and array items by JSON pointer', () => {
    const schema = z.object({
      localization: z.object({ language: z.enum(['nl', 'en']) }),
      list: z.array(z.email()),
    });
    const errors = errorsOf(schema, { localization: { language: 'de' }, list: ['a@b.nl', 'bad'] });
    expect(errors.map((error) => error.source?.pointer)).toEqual([
      '/localization/language',
      '/list/1',
    ]);
  });
});

describe('JSON pointers', () => {
  it.each([
    [['name'], '/name'],
    [['localization', 'language'], '/localization/language'],
    [['a/b', 'c~d'], '/a~1b/c~0d'],
    [['items', 0], '/items/0'],
  ] as const)('%j ↔ %s', (path, pointer) => {
    expect(pathToPointer(path)).toBe(pointer);
    expect(pointerToPath(pointer)).toBe(
      path
        .map(String)
        .map((p) => p)
        .join('.'),
    );
  });
});
