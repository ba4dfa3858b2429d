import { userInputSchema, userUpdateSchema } from '../../shared/schemas/customer';
import { zodValidate } from '../validation';

const create = zodValidate(userInputSchema);
const update = zodValidate(userUpdateSchema);
export const validateUserCreate = (values: Record<string, unknown>) =>
  create({ ...values, password: values.password || undefined });
export const validateUserUpdate = update;
