import { projectInputSchema, projectUpdateSchema } from '../../shared/schemas/project';
import { zodValidate } from '../validation';

/** Empty optional inputs come as '' or null; the schema's optional fields expect them absent. */
function withoutEmpty(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== null),
  );
}

const create = zodValidate(projectInputSchema);
const update = zodValidate(projectUpdateSchema);
export const validateProjectCreate = (values: Record<string, unknown>) =>
  create(withoutEmpty(values));
export const validateProjectUpdate = (values: Record<string, unknown>) =>
  update(withoutEmpty(values));
export const cleanProject = withoutEmpty;
