// The sandbox's test cards (docs/payments.md): 4242 4242 4242 4242 is approved,
// 4000 0000 0000 0002 is declined; any other number is not recognised.
export const SANDBOX_APPROVED_CARD = '4242424242424242';
export const SANDBOX_DECLINED_CARD = '4000000000000002';

export type CardOutcome = 'approved' | 'declined' | 'errCardUnknown' | 'errExpiry' | 'errCvc';

export function sandboxCardOutcome(
  card: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): CardOutcome {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (digits !== SANDBOX_APPROVED_CARD && digits !== SANDBOX_DECLINED_CARD) return 'errCardUnknown';
  // MM/YY, MM / YY, MMYY or MM/YYYY; the card is valid through the end of that month.
  const m = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? Number(m[2]!.length === 2 ? `20${m[2]}` : m[2]) : 0;
  const endOfMonth = Date.UTC(year, month, 1);
  if (month < 1 || month > 12 || endOfMonth <= now.getTime()) return 'errExpiry';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'errCvc';
  return digits === SANDBOX_APPROVED_CARD ? 'approved' : 'declined';
}
