// The operator's maintenance message of a serverMaintenance answer (docs/console.md#games-and-servers,
// ADR 0050): the server sends it in the player's language as `data.maintenance_message` when the
// operator wrote one. Shown as written, under the translated error text.
import { ErrorCode } from '@hc/contract';
import { isApiError } from './api-error';

export function maintenanceMessageOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.code !== ErrorCode.serverMaintenance) return undefined;
  const message = (error.data as { maintenance_message?: unknown } | undefined)
    ?.maintenance_message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
