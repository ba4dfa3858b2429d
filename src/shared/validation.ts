// One mapping from zod issues to API error codes, so the server's 422 and the dashboard's field
// messages come from the same schema and say the same thing.
import type { z } from 'zod';
import { pathToPointer, type ApiError, type ApiErrorCode, type ApiErrorMeta } from './errors.js';

/** Custom refinements carry their code in params: `addCustomIssue(ctx, path, { code: 'confirmed' })`. */
export interface CustomIssueParams {
  code: ApiErrorCode;
  meta?: ApiErrorMeta;
}

type Issue = z.core.$ZodIssue;

/**
 * `params` typed as zod types them (a loose record): the one cast, so every rule still writes its
 * code and meta against CustomIssueParams.
 */
export const issueParams = (params: CustomIssueParams) =>
  params as unknown as Record<string, unknown>;

/** What superRefine and transform hand a rule to report a failure with. */
interface IssueSink {
  addIssue(issue: z.core.$ZodSuperRefineIssue): void;
}

/**
 * Reports a failed custom rule at `path` (below the value being checked; [] for the value itself)
 * with the API error code it answers; `message` becomes the error's detail.
 */
export function addCustomIssue(
  ctx: IssueSink,
  path: PropertyKey[],
  params: CustomIssueParams,
  message?: string,
): void {
  ctx.addIssue({ code: 'custom', path, message, params: issueParams(params) });
}

export function issueToApiError(issue: Issue): ApiError {
  const { code, meta } = classify(issue);
  return {
    code,
    detail: issue.message,
    source: { pointer: pathToPointer(issue.path) },
    ...(meta && Object.keys(meta).length ? { meta } : {}),
  };
}

/**
 * Whether a type error is a missing value. zod 4 leaves `input` out of issues unless parsed with
 * `reportInput`, so without it the message ("…, received undefined") is the only witness.
 */
function isMissing(issue: Issue): boolean {
  if ('input' in issue)
    return issue.input === undefined || issue.input === null || issue.input === '';
  return /\b(undefined|null)$/.test(issue.message);
}

function classify(issue: Issue): { code: ApiErrorCode; meta?: ApiErrorMeta } {
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue)
        ? { code: 'required' }
        : { code: issue.expected === 'number' ? 'numeric' : 'invalid' };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'array') return { code: 'array_length_min', meta: { min } };
      if (issue.origin === 'string' && min === 1) return { code: 'required' };
      return { code: 'min', meta: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array') return { code: 'array_length_max', meta: { max } };
      if (issue.origin === 'file') return { code: 'size', meta: { max } };
      return { code: 'max', meta: { max } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'email' };
      if (issue.format === 'starts_with')
        return { code: 'prefix', meta: { prefix: (issue as { prefix?: string }).prefix } };
      if (issue.format === 'url') return { code: 'url' };
      return { code: 'regex' };
    case 'invalid_value':
      return { code: 'in', meta: { values: issue.values.map(String) } };
    case 'not_multiple_of':
      return { code: 'integer' };
    case 'custom': {
      const params = issue.params as Partial<CustomIssueParams> | undefined;
      return params?.code ? { code: params.code, meta: params.meta } : { code: 'invalid' };
    }
    default:
      return { code: 'invalid' };
  }
}

/** All issues of a failed parse, one per field pointer (the first rule that failed wins). */
export function zodErrorToApiErrors(error: z.ZodError): ApiError[] {
  const seen = new Set<string>();
  const result: ApiError[] = [];
  for (const issue of error.issues) {
    const apiError = issueToApiError(issue);
    const pointer = apiError.source?.pointer ?? '/';
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    result.push(apiError);
  }
  return result;
}
