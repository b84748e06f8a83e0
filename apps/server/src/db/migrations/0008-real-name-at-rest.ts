// Real-name records under the at-rest keyring (ADR 0027). The whole record (name, birthday,
// address, phone, email, ID number, signing region and date) becomes one envelope-encrypted
// JSON text in `info_enc`, with the id of the DATA_KEY key that wraps it in `key_id` (also inside
// the text; the column lets rotation find rows without decrypting). The 0006 columns, which held
// the fields in plain text and the ID number under a key derived from the public payload key,
// become nullable: the legacy conversion (modules/real-name/real-name-reencrypt.ts, run at start
// and by `npm run portal -- reencrypt`) moves each old row into `info_enc` and clears them.
import { sql, type Kysely } from 'kysely';

const LEGACY_COLUMNS = [
  'full_name',
  'birthday',
  'address',
  'phone',
  'email',
  'id_number_enc',
  'id_number_masked',
  'sign_region',
  'sign_date',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table real_name_info add column info_enc text, add column key_id text`.execute(
    db,
  );
  for (const column of LEGACY_COLUMNS)
    await sql`alter table real_name_info alter column ${sql.ref(column)} drop not null`.execute(db);
}
