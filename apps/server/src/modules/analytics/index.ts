export { register } from './analytics.routes';
