// The console's sections: what the navbar, the home page and the router show. Only sections
// that work are listed; a new section (games & servers, catalog, content, gift codes…) adds
// one entry here with the roles of its contract calls, and appears for the operators allowed.
import { consoleApi, rolesAllow, type OperatorRole } from '@hc/contract';
import type { ComponentType, SVGProps } from 'react';
import { ListIcon, UsersIcon } from '../components/icons';
import { CatalogIcon } from '../features/catalog/catalog-icon';
import { ContentIcon } from '../features/content/content-icon';
import { GamepadIcon } from '../features/games/games-icon';
import { GiftIcon } from '../features/gift-codes/gift-icon';
import { paths } from '../lib/paths';

export interface ConsoleSection {
  id: string;
  path: string;
  /** `common:sections.<id>.title` and `.description`. */
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Who may open it: the roles of the calls the section makes. */
  roles: readonly OperatorRole[];
  load: () => Promise<{ default: ComponentType }>;
}

export const SECTIONS: readonly ConsoleSection[] = [
  {
    id: 'games',
    path: paths.games,
    icon: GamepadIcon,
    roles: consoleApi.consoleGamesList.roles,
    load: () => import('../features/games/games-page'),
  },
  {
    id: 'giftCodes',
    path: paths.giftCodes,
    icon: GiftIcon,
    roles: consoleApi.consoleGiftCampaignsList.roles,
    load: () => import('../features/gift-codes/gift-codes-page'),
  },
  {
    id: 'operators',
    path: paths.operators,
    icon: UsersIcon,
    roles: consoleApi.consoleOperatorsList.roles,
    load: () => import('../features/operators/operators-page'),
  },
  {
    id: 'content',
    path: paths.content,
    icon: ContentIcon,
    roles: consoleApi.consoleContentArticlesList.roles,
    load: () => import('../features/content/content-page'),
  },
  {
    id: 'catalog',
    path: paths.catalog,
    icon: CatalogIcon,
    roles: consoleApi.consoleCatalogPacksList.roles,
    load: () => import('../features/catalog/catalog-page'),
  },
  {
    id: 'audit',
    path: paths.audit,
    icon: ListIcon,
    roles: consoleApi.consoleAuditList.roles,
    load: () => import('../features/audit/audit-page'),
  },
];

/** The sections an operator with `roles` may open, in navbar order. */
export function sectionsFor(roles: readonly OperatorRole[]): ConsoleSection[] {
  return SECTIONS.filter((section) => rolesAllow(roles, section.roles));
}
