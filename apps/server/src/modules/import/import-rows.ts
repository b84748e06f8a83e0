// One CSV row of `portal import-accounts` checked on its own (docs/import.md): shapes of the
// login name, email, phone, password hash, game and uid. What needs the database (names,
// emails, phones and uids already used; duplicates across the file) is decided per batch in
// import.service.ts.
import { e164Phone, emailAddress } from '@hc/contract';
import type { ImportedPasswordFormat } from '../../db/schema';
import { detectPasswordFormat } from '../../lib/password-formats';

/** The columns of the file; `account` is required, the others may be absent or empty. */
export const IMPORT_COLUMNS = [
  'account',
  'email',
  'phone',
  'password_hash',
  'game_id',
  'uid',
  'display_name',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Why a row was not imported: the `reason` column of the report. */
export type RejectReason =
  | 'malformed_row'
  | 'bad_account'
  | 'bad_email'
  | 'bad_phone'
  | 'unknown_hash_format'
  | 'bad_uid'
  | 'bad_game'
  | 'unknown_game'
  | 'duplicate_in_file'
  | 'account_taken'
  | 'email_taken'
  | 'phone_taken'
  | 'uid_bound_elsewhere'
  | 'account_bound_to_other_uid';

export interface Reject {
  line: number;
  account: string;
  reason: RejectReason;
  detail: string;
}

export interface ImportRow {
  line: number;
  account: string;
  /** Lower case. */
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  passwordFormat: ImportedPasswordFormat | null;
  /** null: no binding (no uid). */
  gameId: number | null;
  uid: string | null;
  displayName: string | null;
}

const ACCOUNT = /^[A-Za-z0-9_.@+-]{3,64}$/;
const UID = /^[\x21-\x7e]{1,64}$/;
const DISPLAY_NAME_MAX = 64;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

const text = (v: string | undefined): string => (v ?? '').trim();
const orNull = (v: string): string | null => (v === '' ? null : v);

/** The row as imported, or why not. `defaultGameId`: --game. */
export function checkRow(
  line: number,
  record: Partial<Record<ImportColumn, string>>,
  defaultGameId: number | null,
  knownGames: ReadonlySet<number>,
): { ok: true; row: ImportRow } | { ok: false; reject: Reject } {
  const account = text(record.account);
  const no = (reason: RejectReason, detail: string) =>
    ({ ok: false, reject: { line, account, reason, detail } }) as const;
  if (!ACCOUNT.test(account))
    return no('bad_account', 'account: 3 to 64 letters, digits or _ . @ + -');
  const email = orNull(text(record.email).toLowerCase());
  if (email !== null && !emailAddress.safeParse(email).success)
    return no('bad_email', `not an email address: ${email}`);
  const phone = orNull(text(record.phone));
  if (phone !== null && !e164Phone.safeParse(phone).success)
    return no('bad_phone', `not an E.164 phone number (+ and 8 to 15 digits): ${phone}`);
  const passwordHash = orNull(text(record.password_hash));
  let passwordFormat: ImportedPasswordFormat | null = null;
  if (passwordHash !== null) {
    const verdict = detectPasswordFormat(passwordHash);
    if (!verdict.ok) return no('unknown_hash_format', verdict.reason);
    passwordFormat = verdict.format;
  }
  const uid = orNull(text(record.uid));
  if (uid !== null && !UID.test(uid)) return no('bad_uid', 'uid: 1 to 64 visible ASCII characters');
  const gameText = text(record.game_id);
  let gameId: number | null = null;
  if (uid !== null) {
    if (gameText !== '') {
      if (!/^[1-9]\d{0,9}$/.test(gameText)) return no('bad_game', `game_id: ${gameText}`);
      gameId = Number(gameText);
    } else gameId = defaultGameId;
    if (gameId === null) return no('bad_game', 'a uid needs a game_id column or --game');
    if (!knownGames.has(gameId)) return no('unknown_game', `no game ${gameId}`);
  } else if (gameText !== '') return no('bad_uid', 'game_id without uid');
  const name = Array.from(text(record.display_name).replace(CONTROL, ''))
    .slice(0, DISPLAY_NAME_MAX)
    .join('');
  return {
    ok: true,
    row: {
      line,
      account,
      email,
      phone,
      passwordHash,
      passwordFormat,
      gameId,
      uid,
      displayName: uid === null ? null : orNull(name),
    },
  };
}
