export { register } from './system.routes';
