// Who checks a game's players' passwords, set per game in the console's game editor (ADR 0050,
// docs/console.md#games-and-servers): null leaves it to the game's GAME_GATEWAYS entry
// (`credentials`, default portal). A console gateway saved with `credentials: "game"` before this
// column existed keeps that choice here (the sign-in did not read it then). Plain SQL valid on
// PostgreSQL 15.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`alter table games add column credentials text check (credentials in ('portal', 'game'))`,
  sql`update games set credentials = 'game'
    where id in (select game_id from game_gateways where credentials = 'game')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
