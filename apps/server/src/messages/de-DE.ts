// German texts of the server's mails and SMS, formal "Sie" like the web (keys: ./en-US.ts).
import type { Messages } from './en-US';

export const deDE: Messages = {
  'code.mailSubject': 'Ihr Bestätigungscode',
  'code.mailText':
    'Ihr Bestätigungscode lautet {code}. Er ist {minutes} Minuten lang gültig. Falls Sie diesen Code nicht angefordert haben, können Sie diese Nachricht ignorieren.',
  'code.sms':
    'Ihr Bestätigungscode lautet {code} und ist {minutes} Minuten gültig. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese SMS.',

  'receipt.subject': '{site}: Kaufbeleg zu Bestellung {order}',
  'receipt.heading': 'Vielen Dank für Ihren Einkauf',
  'receipt.intro': 'Ihre Bestellung ist abgeschlossen. Hier die Details:',
  'receipt.orderId': 'Bestellnummer',
  'receipt.item': 'Artikel',
  'receipt.amount': 'Gezahlter Betrag',
  'receipt.completedAt': 'Abgeschlossen am',
  'receipt.credited': 'Gutgeschriebene HC-Points',
  'receipt.creditedWithBonus': '{total} (davon {bonus} Bonus)',
  'receipt.balance': 'HC-Point-Guthaben',
  'receipt.deliveredGame': 'Die Gegenstände wurden Ihrem Charakter im Spiel gutgeschrieben.',
  'receipt.deliveredCoins': 'Die HC-Points wurden Ihrem Konto gutgeschrieben.',
  'receipt.viewOrder': 'Bestelldetails ansehen',
  'receipt.footer':
    'Diese E-Mail wurde automatisch versendet, bitte antworten Sie nicht darauf. Falls Sie diesen Kauf nicht getätigt haben, wenden Sie sich bitte an den Kundensupport.',
  'receipt.colon': ': ',
};
