import { customerInputSchema, customerLimitsSchema } from '../../shared/schemas/customer';
import { zodValidate } from '../validation';

const create = zodValidate(customerInputSchema);
const limits = zodValidate(customerLimitsSchema);
export const validateCustomer = (values: Record<string, unknown>) =>
  create({ ...values, vatNumber: values.vatNumber || undefined });
export const validateLimits = (values: Record<string, unknown>) =>
  limits({ ...values, trialEndAt: values.trialEndAt || undefined });
