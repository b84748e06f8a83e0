// en-US texts of the mails and SMS the server sends, and the catalogue's key list: every other
// language is typed `Messages`, so a missing or extra key fails the compiler. Placeholders in
// braces ({code}, {minutes}, {site}, {order}, {total}, {bonus}) are filled by `formatMessage`
// (./index.ts); messages.test.ts keeps them the same in every language.
export const enUS = {
  // Verification codes (modules/auth/verification-codes.service.ts), sign-in and reset alike.
  'code.mailSubject': 'Your verification code',
  'code.mailText':
    'Your verification code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',
  'code.sms':
    'Your verification code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',

  // Order receipt (modules/orders/receipt.ts).
  'receipt.subject': '{site}: receipt for order {order}',
  'receipt.heading': 'Thank you for your purchase',
  'receipt.intro': 'Your order is complete. Here are the details.',
  'receipt.orderId': 'Order number',
  'receipt.item': 'Item',
  'receipt.amount': 'Amount paid',
  'receipt.completedAt': 'Completed',
  'receipt.credited': 'HC Point added',
  /** The credit with its bonus part (only when the bonus is > 0; else the total alone). */
  'receipt.creditedWithBonus': '{total} (including {bonus} bonus)',
  'receipt.balance': 'HC Point balance',
  'receipt.deliveredGame': 'Your items have been delivered to your character in the game.',
  'receipt.deliveredCoins': 'The HC Point has been added to your balance.',
  'receipt.viewOrder': 'View order details',
  'receipt.footer':
    'This is an automated message, please do not reply. If you did not make this purchase, please contact customer support.',
  /** Label/value separator in the plain-text body. */
  'receipt.colon': ': ',
} as const;

export type MessageKey = keyof typeof enUS;

/** One language's texts: every key of en-US, nothing else. */
export type Messages = Readonly<Record<MessageKey, string>>;
