// The publisher module (ADR 0039): the Publisher API for games' backends (publisher.routes.ts),
// its request signing (publisher-auth.ts), the player calls (players.service.ts) and the keys
// the operator CLI manages (publisher-keys.service.ts).
export { register } from './publisher.routes';
