import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditLogListQuerySchema } from '../../src/shared/audit.js';
import {
  loginSchema,
  passwordChangeSchema,
  recoverySchema,
  roleSchema,
  selfUpdateSchema,
} from '../../src/shared/schemas/auth.js';
import { listQuerySchema, optionalText } from '../../src/shared/schemas/common.js';
import {
  customerInputSchema,
  customerLimitsSchema,
  userInputSchema,
} from '../../src/shared/schemas/customer.js';
import { projectInputSchema, projectUserLinkSchema } from '../../src/shared/schemas/project.js';
import { zodErrorToApiErrors } from '../../src/shared/validation.js';

const ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

/** [schema, input, expected: true for valid, else the first error's pointer and code] */
const cases: [string, z.ZodType, unknown, true | [string, string]][] = [
  ['login ok', loginSchema, { email: 'A@Example.com', password: 'x' }, true],
  ['login bad email', loginSchema, { email: 'a@', password: 'x' }, ['/email', 'email']],
  [
    'password change ok',
    passwordChangeSchema,
    { currentPassword: 'a', password: '12345678', passwordConfirmation: '12345678' },
    true,
  ],
  [
    'password too short',
    passwordChangeSchema,
    { currentPassword: 'a', password: '1234567', passwordConfirmation: '1234567' },
    ['/password', 'min'],
  ],
  [
    'password not confirmed',
    passwordChangeSchema,
    { currentPassword: 'a', password: '12345678', passwordConfirmation: '12345679' },
    ['/passwordConfirmation', 'confirmed'],
  ],
  [
    'recovery not confirmed',
    recoverySchema,
    { token: 't', password: '12345678', passwordConfirmation: 'x' },
    ['/passwordConfirmation', 'confirmed'],
  ],
  [
    'recovery without token',
    recoverySchema,
    { password: '12345678', passwordConfirmation: '12345678' },
    ['/token', 'required'],
  ],
  ['self ok', selfUpdateSchema, { name: 'Ann', localization: { language: 'en' } }, true],
  [
    'self blank name',
    selfUpdateSchema,
    { name: '   ', localization: { language: 'en' } },
    ['/name', 'required'],
  ],
  ['project defaults', projectInputSchema, { name: 'P' }, true],
  ['project bad access', projectInputSchema, { name: 'P', access: 'public' }, ['/access', 'in']],
  [
    'project bad customer id',
    projectInputSchema,
    { name: 'P', customerId: 'abc' },
    ['/customerId', 'regex'],
  ],
  [
    'project description too long',
    projectInputSchema,
    { name: 'P', description: 'x'.repeat(1001) },
    ['/description', 'max'],
  ],
  ['link ok', projectUserLinkSchema, { id: ULID }, true],
  ['link bad id', projectUserLinkSchema, { id: ULID.toLowerCase() + 'x' }, ['/id', 'regex']],
  ['customer ok', customerInputSchema, { name: 'C', adminEmail: 'c@example.com' }, true],
  [
    'customer bad type',
    customerInputSchema,
    { name: 'C', adminEmail: 'c@example.com', customerType: 'gov' },
    ['/customerType', 'in'],
  ],
  [
    'limits ok',
    customerLimitsSchema,
    { maxQrCodes: -1, maxScans: '10', maxStorage: 0, maxUsers: 1, maxShortLinks: 1 },
    true,
  ],
  [
    'limits below -1',
    customerLimitsSchema,
    { maxQrCodes: -2, maxScans: 1, maxStorage: 0, maxUsers: 1, maxShortLinks: 1 },
    ['/maxQrCodes', 'min'],
  ],
  ['user ok', userInputSchema, { name: 'U', email: 'u@example.com', role: 'user' }, true],
  [
    'user unknown role',
    userInputSchema,
    { name: 'U', email: 'u@example.com', role: 'root' },
    ['/role', 'role_does_not_exist'],
  ],
  [
    'user short password',
    userInputSchema,
    { name: 'U', email: 'u@example.com', role: 'user', password: 'short' },
    ['/password', 'min'],
  ],
  ['list perPage cap', listQuerySchema, { perPage: '501' }, ['/perPage', 'max']],
  ['list page from 1', listQuerySchema, { page: '0' }, ['/page', 'min']],
  ['audit filter', auditLogListQuerySchema, { action: 'login', type: 'user' }, true],
  ['audit bad action', auditLogListQuerySchema, { action: 'boom' }, ['/action', 'in']],
];

describe('shared schemas', () => {
  it.each(cases)('%s', (_name, schema, input, expected) => {
    const result = schema.safeParse(input);
    if (expected === true) {
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      return;
    }
    expect(result.success).toBe(false);
    const [first] = zodErrorToApiErrors(result.error!);
    expect([first.source?.pointer, first.code]).toEqual(expected);
  });

  it('normalises input', () => {
    expect(loginSchema.parse({ email: ' A@Example.COM ', password: 'x' }).email).toBe(
      'a@example.com',
    );
    expect(projectInputSchema.parse({ name: ' P ' })).toEqual({
      name: 'P',
      description: null,
      access: '0',
      tracking: true,
    });
    expect(optionalText().parse('')).toBeNull();
    expect(listQuerySchema.parse({ order: 'desc' })).toMatchObject({
      page: 1,
      perPage: 25,
      order: 'DESC',
    });
    expect(roleSchema.safeParse('customeradmin').success).toBe(true);
  });
});
