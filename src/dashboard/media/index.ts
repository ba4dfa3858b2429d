export { MediaInput, mediaCase, toMediaField, EMPTY_MEDIA_VALUE } from './MediaInput';
export type { MediaFieldValue, MediaSource, NewMediaFile, MediaInputProps } from './MediaInput';
export { uploadMedia } from '../providers/uploadMedia';
export { useRemainingStorage } from './useRemainingStorage';
export { takePickedFile } from './pickedFile';
