// Business constants of SPEC §9, in one place for both sides.

export const TRIAL_DAYS = 14;
export const INVITATION_VALID_DAYS = 3;
export const MIN_PRICE_CENTS_PER_MONTH = 195;
export const ANNUAL_DISCOUNT_PERCENT = 10;
export const MAX_TAGS_PER_ITEM = 10;
export const TAG_NAME_MAX = 16;
export const UPLOAD_CAP_BYTES = 100 * 1000 * 1000;
export const LINK_MAX = 2048;
export const GRADIENT_ANGLE_MAX = 360;
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 3650;
export const THEME_STORAGE_KEY = 'theme';
export const UNLIMITED = -1;
export const BYTES_PER_KB = 1000;
export const NOTIFIER_DELAY_MS = 250;
export const NOTIFICATION_DURATION_MS = 6000;
export const PROJECT_SEARCH_DEBOUNCE_MS = 500;
export const NARROW_SCREEN_PX = 825;
export const LIMIT_WARNING_RATIO = 0.8;
export const LIMIT_ERROR_RATIO = 1;
export const DEFAULT_PRIMARY_COLOR = '#fd1056';
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000;
export const PASSWORD_MIN = 8;
export const TEXT_MAX = 255;
export const EMAIL_ADDRESS_MAX = 320;
export const EMAIL_SUBJECT_MAX = 998;
export const SOUND_SUBTITLE_MAX = 1000;
export const PHONE_MAX = 50;
export const QR_DESIGN_NAME_MIN = 3;

/** Size limits in KB (SPEC §9). */
export const SIZE_LIMITS_KB = {
  file: 100000,
  sound: 50000,
  cover: 10000,
  avatar: 5000,
  logo: 5000,
} as const;

/** Session lifetime; every request slides it forward. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The session cookie's name on plain http (a LAN install). */
export const SESSION_COOKIE = 'sid';
/** Its name on https: the __Host- prefix binds it to this host, Secure and path / (ASVS 3.3.1). */
export const SECURE_SESSION_COOKIE = '__Host-sid';
/** However active, a session ends this long after sign-in (ASVS 7.3.2); then sign in again. */
export const SESSION_MAX_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Failed-login throttling: at most this many failures per window, per account and per address. */
/** Failures of one account from one address before each further try waits (1 s, 2 s, 4 s, …). */
export const LOGIN_FREE_FAILURES_PER_PAIR = 5;
/** Failures from one address across accounts before the address waits likewise. */
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 20;
/** The longest wait, and how long a quiet key keeps its failures. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Unknown scan codes one address may ask for per minute before it waits (enumeration). */
export const UNKNOWN_CODES_PER_MINUTE = 60;
/** Wrong one-time tokens (reset links, invitations, codes) per address per 15 minutes. */
export const FAILED_TOKENS_PER_WINDOW = 10;
export const FAILED_TOKEN_WINDOW_MS = 15 * 60 * 1000;

export const API_BASE = '/api';
export const CLIENT_TYPE_HEADER = 'client-type';

/** A password reset link is valid this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** Limits a new customer gets for its trial, until a plan is chosen (-1 = unlimited). */
export const TRIAL_LIMITS = {
  maxQrCodes: 50,
  maxScans: 10_000,
  maxStorage: 100 * 1000 * 1000,
  maxUsers: 5,
  maxShortLinks: 50,
} as const;

/** Two-factor sign-in (issue 9): the time between password and code, and recovery codes. */
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;
export const PENDING_LOGIN_COOKIE = 'pending_login';
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
/** Self sign-up: the mailed six-digit code is valid this long and survives this many wrong tries. */
export const EMAIL_CODE_TTL_MS = 30 * 60 * 1000;
export const EMAIL_CODE_MAX_FAILURES = 5;
