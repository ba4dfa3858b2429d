// The end of a react-admin form's submit against the API: what a form's onSubmit returns is the
// errors to show at its fields, so a 422 goes back there and only other failures become notices.
import { ApiHttpError } from '../providers/http';

/** The field errors of a 422 answer (keyed by field, for react-admin), or null for any other. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  return error instanceof ApiHttpError && error.status === 422 ? error.body.errors : null;
}

/** Runs `save`; a 422's field errors are returned for the form, any other failure is reported. */
export async function submitForm(
  save: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): Promise<Record<string, string> | undefined> {
  try {
    await save();
  } catch (error) {
    const fieldErrors = fieldErrorsOf(error);
    if (fieldErrors) return fieldErrors;
    onFailure(error);
  }
  return undefined;
}
