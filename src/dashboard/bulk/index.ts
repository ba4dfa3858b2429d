// Bulk actions of the list screens (QR codes, short links, Actions): tag, trash, print pack.
export { BulkTagButton, itemsOverLimit } from './BulkTagButton';
export { BulkTrashButton } from './BulkTrashButton';
export { BulkDownloadButton } from './BulkDownloadButton';
