// The media module (docs/console.md#images, ADR 0047, ADR 0051): images uploaded in the console,
// content-addressed, their bytes in the database or an S3-compatible bucket, served by every node
// at /media/<sha256>.<ext>; deleted only when nothing shows them.
export { register } from './media.routes';
