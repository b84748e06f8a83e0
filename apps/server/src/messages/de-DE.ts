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

  'account.passwordChanged.subject': 'Ihr Passwort wurde geändert',
  'account.passwordChanged.text':
    'Das Passwort Ihres Kontos {account} wurde geändert. Das Gerät, mit dem Sie es geändert haben, bleibt angemeldet; alle anderen Geräte wurden abgemeldet. Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an den Kundensupport.',
  'account.passwordChanged.sms':
    'Das Passwort Ihres Kontos {account} wurde geändert. Falls Sie das nicht waren, setzen Sie es sofort zurück und wenden Sie sich an den Support.',
  'account.emailChanged.subject': 'Ihre E-Mail-Adresse wurde geändert',
  'account.emailChanged.text':
    'Die E-Mail-Adresse Ihres Kontos {account} wurde in {address} geändert. An diese Adresse senden wir keine Nachrichten mehr. Falls Sie das nicht waren, wenden Sie sich an den Kundensupport.',
  'account.phoneChanged.sms':
    'Die Telefonnummer Ihres Kontos {account} wurde in {address} geändert. Falls Sie das nicht waren, wenden Sie sich an den Support.',
  'account.deletionScheduled.subject': 'Ihr Konto wird am {date} gelöscht',
  'account.deletionScheduled.text':
    'Sie haben die Löschung Ihres Kontos {account} beantragt. Es wird am {date} gelöscht: Dann werden Ihre personenbezogenen Daten gelöscht, und Zahlungsbelege werden ohne Ihren Namen aufbewahrt, wie es das Gesetz verlangt. Sie haben es sich anders überlegt? Melden Sie sich vor dem {date} an, dann wird die Löschung abgebrochen.',
  'account.deletionScheduled.sms':
    'Ihr Konto {account} wird am {date} gelöscht. Melden Sie sich vorher an, um das abzubrechen.',
  'account.deletionCancelled.subject': 'Ihr Konto wird nicht gelöscht',
  'account.deletionCancelled.text':
    'Sie haben sich bei Ihrem Konto {account} angemeldet, daher wurde die Löschung abgebrochen. Wenn Sie es doch löschen möchten, beantragen Sie es erneut auf der Kontoseite.',
  'account.deletionCancelled.sms':
    'Sie haben sich bei {account} angemeldet, die Löschung wurde abgebrochen.',
};
