export { register } from './games.routes';
