// The API's error codes (SPEC §8) and the body every error answers with (DESIGN: Conventions).
// The dashboard shows each code through the translation key `errors.api.{code}`.

/** Generic validation rules of SPEC §5; `meta` carries their bounds. */
export const VALIDATION_CODES = [
  'required',
  'min',
  'max',
  'between',
  'size',
  'email',
  'numeric',
  'integer',
  'alpha',
  'alpha_num',
  'confirmed',
  'confirmed_without_text',
  'digits',
  'regex',
  'image',
  'mimes',
  'coordinates',
  'array_length_min',
  'array_length_max',
  'prefix',
  'required_if',
  'in',
  'url',
  'date_after_or_equal',
  'size_project',
  'size_customer',
  'max_qr_codes_project',
  'max_qr_codes_customer',
  'max_short_links_project',
  'max_short_links_customer',
  'invalid',
  // Smart codes (issue 16): an A/B split's percentages
  'split_total',
] as const;

export const API_ERROR_CODES = [
  ...VALIDATION_CODES,
  // Authentication and account (SPEC §8)
  'incorrect_email_password',
  'incorrect_password',
  'user_account_not_verified',
  'too_many_attempts',
  'unauthenticated',
  'forbidden',
  'not_found',
  'client_type_required',
  'trial_ended',
  'subscription_canceled',
  'coupon_expired',
  'duplicated_token',
  'hash_expired',
  'verification_code_expired',
  'verification_code_incorrect',
  'amount_to_low',
  // Two-factor sign-in, sign-up and the first admin (issue 9)
  'two_factor_code_incorrect',
  'two_factor_setup_required',
  'two_factor_login_expired',
  'two_factor_already_enabled',
  'two_factor_not_enabled',
  'signup_closed',
  'first_admin_exists',
  // Duplicates and limits
  'email_duplicated',
  'email_unavailable',
  'customername_duplicated',
  'label_name_duplicated',
  'label_link_limit_reached',
  'shortlink_uri_duplicated_entry',
  'qrcode_qrlink_duplication',
  // Files and checks
  'file_size',
  'storage_full',
  'text_direction_control',
  'file_type_not_supported',
  'svg_external_reference',
  'qr_not_scannable',
  'vat_number_does_not_exist',
  'company_name_mismatch',
  'standard_stripe_error',
  'white_label_hostname_is_not_dns_name',
  'white_label_hostname_taken',
  'white_label_hostname_is_platform',
  'white_label_hostname_not_verified',
  'white_label_hostname_not_found',
  // Bulk import
  'import_file_empty',
  'import_too_many_rows',
  'import_duplicate_row',
  // Roles (SPEC §6)
  'role_does_not_exist',
  'role_not_allowed',
  'cannot_delete_self',
  'cannot_unlink_admin',
  // People of a customer (issue 9): accounts and invitations
  'cannot_deactivate_self',
  'last_customeradmin_remove',
  'last_customeradmin_demote',
  'user_limit_reached',
  'email_already_invited',
  'invite_closed',
  'invite_not_found',
  'mail_not_sent',
  // Not-found codes (SPEC §8)
  'qr_code_not_found',
  'qrlink_not_found',
  'campaign_not_found',
  'label_not_found',
  'short_link_not_found',
  'plan_not_found',
  'invoice_not_found',
  'project_not_found',
  'customer_not_found',
  'user_not_found',
  'audit_log_not_found',
  // "Restore this version" (issue 8, part 9).
  'audit_restore_unsupported',
  'audit_restore_gone',
  'audit_restore_invalid',
  // Scripts and other systems (issue 15)
  'api_key_not_found',
  'api_key_invalid',
  'webhook_not_found',
  'webhook_url_private',
  'import_job_not_found',
  'internal',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorMeta {
  min?: number;
  max?: number;
  length?: number;
  values?: readonly string[];
  prefix?: string;
  [key: string]: unknown;
}

export interface ApiError {
  code: ApiErrorCode;
  detail: string;
  source?: { pointer: string };
  meta?: ApiErrorMeta;
}

export interface ApiErrorBody {
  errors: ApiError[];
}

export const apiErrorKey = (code: string) => `errors.api.${code}`;

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { errors?: unknown }).errors)
  );
}

/** '/localization/language' → 'localization.language' (react-hook-form's field path). */
export function pointerToPath(pointer: string): string {
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function pathToPointer(path: readonly PropertyKey[]): string {
  return '/' + path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}
