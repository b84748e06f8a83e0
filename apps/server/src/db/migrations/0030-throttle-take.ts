// The throttle's take in one statement (lib/throttle.ts, ADR 0067): a function that takes the
// buckets' advisory locks, checks every rule and records one hit per bucket, so the locks are
// held for the statement's own run, never across round trips to the server. Each statement of
// a VOLATILE PL/pgSQL function takes a fresh snapshot (READ COMMITTED), so the checks after
// the locks see the hits every earlier taker committed. Plain SQL valid on PostgreSQL 15 and
// PGlite.
//
// `request`: {"space": int4, "keys": [int4, ...] (sorted), "rules": [{"bucket", "limit",
// "window_ms"}, ...], "buckets": [text, ...]}. Returns one row: `wait_ms` > 0 when a rule is
// full (the milliseconds until the hit that fills it leaves its window; nothing recorded), else
// 0 and `ids`, the recorded hits (a JSON array).
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create function throttle_take(request jsonb, at timestamptz)
    returns table (wait_ms int8, ids jsonb)
    language plpgsql volatile as $$
    declare
      lock_key int4;
      rule jsonb;
      oldest timestamptz;
      longest float8 := 0;
      recorded jsonb;
    begin
      for lock_key in
        select k.value::int4 from jsonb_array_elements_text(request->'keys')
          with ordinality as k(value, n) order by k.n
      loop
        perform pg_advisory_xact_lock((request->>'space')::int4, lock_key);
      end loop;
      for rule in select value from jsonb_array_elements(request->'rules')
      loop
        select h.created_at into oldest from throttle_hits h
          where h.bucket = rule->>'bucket'
            and h.created_at > at - (rule->>'window_ms')::int8 * interval '1 millisecond'
          order by h.created_at desc
          offset (rule->>'limit')::int4 - 1 limit 1;
        if found then
          longest := greatest(longest, extract(epoch from (
            oldest + (rule->>'window_ms')::int8 * interval '1 millisecond' - at)) * 1000);
        end if;
      end loop;
      if longest > 0 then
        return query select ceil(longest)::int8, null::jsonb;
        return;
      end if;
      with inserted as (
        insert into throttle_hits (bucket, created_at)
        select value, at from jsonb_array_elements_text(request->'buckets')
        returning id
      )
      select coalesce(jsonb_agg(id), '[]'::jsonb) into recorded from inserted;
      return query select 0::int8, recorded;
    end
  $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
