import { describe, expect, it } from 'vitest';
import {
  LABEL_ITEM_PATHS,
  LABEL_ITEM_TYPES,
  labelInputSchema,
  labelItemsSchema,
  labelLinkSchema,
} from '../../src/shared/schemas/label.js';
import { zodErrorToApiErrors } from '../../src/shared/validation.js';

const ulid = (n: number) => `01ARZ3NDEKTSV4RRFFQ69G${String(n).padStart(4, '0')}`;

function firstError(
  schema: typeof labelInputSchema | typeof labelLinkSchema | typeof labelItemsSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const [error] = zodErrorToApiErrors(result.error);
  return [error.source?.pointer, error.code, error.meta];
}

describe('labelInputSchema', () => {
  it('trims the name and allows up to 16 characters', () => {
    expect(labelInputSchema.parse({ name: '  Summer  ' })).toEqual({ name: 'Summer', color: null });
    expect(labelInputSchema.parse({ name: 'x'.repeat(16), color: '#A0b1C2' }).color).toBe(
      '#A0b1C2',
    );
    expect(labelInputSchema.parse({ name: 'x', color: '' }).color).toBeNull();
  });

  it.each([
    [{ name: 'x'.repeat(17) }, ['/name', 'max', { max: 16 }]],
    [{ name: '' }, ['/name', 'required', undefined]],
    [{ name: '    ' }, ['/name', 'required', undefined]],
    [{}, ['/name', 'required', undefined]],
    [{ name: 'ok', color: 'blue' }, ['/color', 'regex', undefined]],
  ])('%j → %j', (input, expected) => {
    expect(firstError(labelInputSchema, input)).toEqual(expected);
  });
});

describe('labelLinkSchema', () => {
  it('accepts 0–10 distinct ids and drops repeats', () => {
    expect(labelLinkSchema.parse({ labelIds: [] }).labelIds).toEqual([]);
    const ten = Array.from({ length: 10 }, (_, i) => ulid(i));
    expect(labelLinkSchema.parse({ labelIds: [...ten, ten[0]] }).labelIds).toEqual(ten);
  });

  it('more than 10 is label_link_limit_reached with meta.max 10', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ulid(i));
    expect(firstError(labelLinkSchema, { labelIds: eleven })).toEqual([
      '/labelIds',
      'label_link_limit_reached',
      { max: 10 },
    ]);
  });

  it('refuses ids that are not ULIDs', () => {
    expect(firstError(labelLinkSchema, { labelIds: ['x'] })?.[0]).toBe('/labelIds/0');
  });
});

describe('labelItemsSchema', () => {
  it('takes an item type and at least one id', () => {
    expect(labelItemsSchema.parse({ itemType: 'short_link', itemIds: [ulid(1)] })).toBeTruthy();
    expect(firstError(labelItemsSchema, { itemType: 'page', itemIds: [ulid(1)] })?.[1]).toBe('in');
    expect(firstError(labelItemsSchema, { itemType: 'qr_code', itemIds: [] })?.[1]).toBe(
      'array_length_min',
    );
  });

  it('every item type has its API path', () => {
    for (const type of LABEL_ITEM_TYPES) expect(LABEL_ITEM_PATHS[type]).toMatch(/^[a-z-]+$/);
  });
});
