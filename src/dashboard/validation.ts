// Client-side form validation from the shared zod schemas, with the same `errors.api.{code}`
// messages (and bounds) as the server's 422 (src/shared/validation.ts).
import type { z } from 'zod';
import { apiErrorKey } from '../shared/errors';
import { issueToApiError } from '../shared/validation';

export interface FormErrorMessage {
  message: string;
  args: Record<string, unknown>;
}
type FormErrors = { [key: string]: FormErrors | FormErrorMessage };

/** A react-admin form-level `validate`: nested `{ field: { message, args } }`, first issue per field. */
export function zodValidate(schema: z.ZodType) {
  return (values: Record<string, unknown>): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const apiError = issueToApiError(issue);
      const path = issue.path.map(String);
      if (!path.length) continue;
      let node = errors;
      for (const part of path.slice(0, -1)) {
        const next = node[part];
        if (next && !('message' in next && typeof next.message === 'string'))
          node = next as FormErrors;
        else node = node[part] = {};
      }
      const leaf = path[path.length - 1];
      if (node[leaf]) continue;
      const args: Record<string, unknown> = { ...(apiError.meta ?? {}) };
      if (Array.isArray(args.values)) args.values = args.values.join(', ');
      node[leaf] = { message: apiErrorKey(apiError.code), args };
    }
    return errors;
  };
}
