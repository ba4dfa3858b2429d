// The advertisement form: its values (the image as a MediaInput value), the API body it sends,
// and validation by the shared schema with the API's messages at the form's fields.
import {
  AD_DISPLAY_TIME_DEFAULT_MS,
  advertisementInputSchema,
  type Advertisement,
  type AdvertisementInput,
} from '../../shared/schemas/advertisement';
import { EMPTY_MEDIA_VALUE, type MediaFieldValue } from '../media/MediaInput';
import { zodValidate } from '../validation';

export interface AdFormValues {
  id?: string;
  name: string;
  text: string;
  image: MediaFieldValue;
  link: string;
  displayTimeMs: number | null;
}

export const newAdValues = (): AdFormValues => ({
  name: '',
  text: '',
  image: { ...EMPTY_MEDIA_VALUE },
  link: '',
  displayTimeMs: AD_DISPLAY_TIME_DEFAULT_MS,
});

export function toAdFormValues(record: Advertisement): AdFormValues {
  return {
    id: record.id,
    name: record.name,
    text: record.text ?? '',
    image: record.image
      ? {
          mediaId: record.image.id,
          remove: false,
          source: { name: record.image.name, versions: { original: record.image.url } },
          file: null,
        }
      : { ...EMPTY_MEDIA_VALUE },
    link: record.link ?? '',
    displayTimeMs: record.displayTimeMs,
  };
}

/** The image the form shows now: a new upload, the stored one, or none (removed or empty). */
export function imageIdOf(image: MediaFieldValue | null | undefined): string | null {
  if (!image || image.remove) return null;
  return image.mediaId ?? null;
}

export function imageUrlOf(image: MediaFieldValue | null | undefined): string | null {
  if (!image || image.remove) return null;
  return image.file?.url ?? image.source?.versions.original ?? null;
}

/** The API body (advertisementInputSchema's input). */
export function toAdInput(values: Record<string, unknown>): Record<string, unknown> {
  const v = values as Partial<AdFormValues>;
  return {
    name: v.name ?? '',
    text: v.text ?? '',
    imageMediaId: imageIdOf(v.image),
    link: v.link ?? '',
    displayTimeMs: v.displayTimeMs ?? undefined,
  } satisfies Partial<Record<keyof AdvertisementInput, unknown>>;
}

const validateInput = zodValidate(advertisementInputSchema);

/** Form-level validate: the schema's errors, `imageMediaId` shown at the image input. */
export function validateAd(values: Record<string, unknown>) {
  const { imageMediaId, ...errors } = validateInput(toAdInput(values));
  return imageMediaId ? { ...errors, image: imageMediaId } : errors;
}
