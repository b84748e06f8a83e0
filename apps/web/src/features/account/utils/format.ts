// Display helpers of the account pages (lib/format.ts): money, numbers, times (short time of
// day in record lists) and the colour of an order status tag.
import { formatTime as formatTimeWith } from '../../../lib/format';

export { formatMoney, formatNumber, statusTone } from '../../../lib/format';

export function formatTime(seconds: number, language: string): string {
  return formatTimeWith(seconds, language, 'short');
}
