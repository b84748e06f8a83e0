// The media module (docs/console.md#images, ADR 0047): images uploaded in the console, stored in
// the database (content-addressed) and served by every node at /media/<sha256>.<ext>.
export { register } from './media.routes';
