// Public entry of the hand-over module (SOCIAL calls issue(); routes call exchange()).
export { createHandoverService, TICKET_TTL_MS, type HandoverService } from './handover.service';
