// Site-wide answers: server time, the pinned bulletin in the reader's language, site init.
import {
  ErrorCode,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  SOCIAL_PROVIDERS,
  type Bulletin,
  type Language,
  type SettingInitResult,
  toUnixSeconds,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type Clock } from '../../lib/clock';

import { createBulletinsRepository } from '../content/bulletins.repository';
import { createGamesRepository } from '../games/games.repository';

export interface SystemServiceDeps {
  db: Kysely<DB>;
  config: Pick<
    Config,
    'siteTitle' | 'brand' | 'iosBlock' | 'payloadKey' | 'customerServiceUrl' | 'social' | 'signUp'
  >;
  clock: Clock;
}

export function createSystemService({ db, config, clock }: SystemServiceDeps) {
  const bulletins = createBulletinsRepository(db);
  const games = createGamesRepository(db);

  return {
    serverTime(): { ts: number; ms: number } {
      const now = clock.now();
      return { ts: toUnixSeconds(now), ms: now.getTime() };
    },

    /** The pinned bulletin in `language`, else en-US, else any language it has; null when none. */
    async pinnedBulletin(language: Language): Promise<Bulletin | null> {
      const row = await bulletins.findPinned(clock.now());
      if (row === undefined) return null;
      const text =
        row.texts[language] ?? row.texts[FALLBACK_LANGUAGE] ?? Object.values(row.texts)[0];
      if (text === undefined) return null;
      return {
        id: row.id,
        title: text.title,
        content: text.content,
        // The language's own link; bulletins from before the console have one for all.
        link: text.link === undefined ? row.link : text.link,
        create_ts: toUnixSeconds(row.beginsAt),
      };
    },

    async siteInit(): Promise<SettingInitResult> {
      const list = await games.list();
      const defaultGame = list[0];
      // The portal cannot work without a game; the seed or the operator creates one.
      if (defaultGame === undefined)
        throw new AppError(ErrorCode.SystemBusy, { reason: 'no game configured' });
      return {
        site_title: config.siteTitle,
        logo: config.brand.logo,
        game_id: defaultGame.id,
        games: list.map((g) => ({
          game_id: g.id,
          name: g.name,
          icon: g.icon,
          platforms: g.platforms,
        })),
        ios_supported: !config.iosBlock,
        payload_key: config.payloadKey,
        customer_service: config.customerServiceUrl,
        languages: [...LANGUAGES],
        fallback_language: FALLBACK_LANGUAGE,
        server_time: toUnixSeconds(clock.now()),
        // Only configured providers get a login button.
        social: SOCIAL_PROVIDERS.filter((p) => config.social[p] !== undefined),
        sign_up: {
          enabled: config.signUp.enabled,
          terms_version: config.signUp.termsVersion,
          privacy_version: config.signUp.privacyVersion,
        },
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
