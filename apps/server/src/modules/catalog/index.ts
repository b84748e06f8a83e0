export { register } from './catalog.routes';
