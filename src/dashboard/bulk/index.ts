// Bulk actions of the list screens (QR codes, short links, Actions): tag, trash, ZIP download.
export { BulkTagButton, itemsOverLimit } from './BulkTagButton';
export { BulkTrashButton } from './BulkTrashButton';
export { BulkDownloadButton } from './BulkDownloadButton';
export { buildQrZip, uniqueFileNames, ZIP_FILE_NAME } from './qrZip';
