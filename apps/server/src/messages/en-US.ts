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

  // Account notices (modules/auth/account-notices.ts): password, email or phone changed,
  // deletion scheduled or cancelled. {account} is the login name, {date} a day in words.
  'account.passwordChanged.subject': 'Your password was changed',
  'account.passwordChanged.text':
    'The password of your account {account} was changed. The device you used stays signed in; every other device was signed out. If you did not do this, reset your password now and contact customer support.',
  'account.passwordChanged.sms':
    'The password of your account {account} was changed. If you did not do this, reset it now and contact customer support.',
  'account.emailChanged.subject': 'Your email address was changed',
  'account.emailChanged.text':
    'The email address of your account {account} was changed to {address}. Messages will no longer be sent to this address. If you did not do this, contact customer support.',
  'account.phoneChanged.sms':
    'The phone number of your account {account} was changed to {address}. If you did not do this, contact customer support.',
  'account.deletionScheduled.subject': 'Your account will be deleted on {date}',
  'account.deletionScheduled.text':
    'You asked for your account {account} to be deleted. It will be deleted on {date}: your personal data is then erased, and records of payments are kept without your name, as the law requires. Changed your mind? Sign in before {date} and the deletion is cancelled.',
  'account.deletionScheduled.sms':
    'Your account {account} will be deleted on {date}. Sign in before then to cancel.',
  'account.deletionCancelled.subject': 'Your account will not be deleted',
  'account.deletionCancelled.text':
    'You signed in to your account {account}, so its deletion is cancelled. If you still want it deleted, ask again on the account page.',
  'account.deletionCancelled.sms': 'You signed in to {account}, so its deletion is cancelled.',
} as const;

export type MessageKey = keyof typeof enUS;

/** One language's texts: every key of en-US, nothing else. */
export type Messages = Readonly<Record<MessageKey, string>>;
