// The console's sections: what the navbar, the home page and the router show. Only sections
// that work are listed; a new section (games & servers, catalog, content, gift codes…) adds
// one entry here with the roles of its contract calls, and appears for the operators allowed.
import { consoleApi, rolesAllow, type OperatorRole } from '@hc/contract';
import type { ComponentType, SVGProps } from 'react';
import { ListIcon, UsersIcon } from '../components/icons';
import { CatalogIcon } from '../features/catalog/catalog-icon';
import { DashboardIcon } from '../features/dashboard/dashboard-icon';
import { ContentIcon } from '../features/content/content-icon';
import { GamepadIcon } from '../features/games/games-icon';
import { GiftIcon } from '../features/gift-codes/gift-icon';
import { JobsIcon } from '../features/jobs/jobs-icon';
import { ApprovalIcon, PlayerSearchIcon } from '../features/players/players-icons';
import { OrdersIcon } from '../features/orders/orders-icon';
import { ReconciliationIcon } from '../features/reconciliation/reconciliation-icon';
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
    id: 'dashboard',
    path: paths.dashboard,
    icon: DashboardIcon,
    roles: consoleApi.consoleDashboardGet.roles,
    load: () => import('../features/dashboard/dashboard-page'),
  },
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
    id: 'players',
    path: paths.players,
    icon: PlayerSearchIcon,
    roles: consoleApi.consolePlayersSearch.roles,
    load: () => import('../features/players/players-page'),
  },
  {
    id: 'orders',
    path: paths.orders,
    icon: OrdersIcon,
    roles: consoleApi.consoleOrdersList.roles,
    load: () => import('../features/orders/orders-page'),
  },
  {
    id: 'approvals',
    path: paths.approvals,
    icon: ApprovalIcon,
    roles: consoleApi.consoleAdjustmentsList.roles,
    load: () => import('../features/players/approvals-page'),
  },
  {
    id: 'reconciliation',
    path: paths.reconciliation,
    icon: ReconciliationIcon,
    roles: consoleApi.consoleReconciliationRunsList.roles,
    load: () => import('../features/reconciliation/reconciliation-page'),
  },
  {
    id: 'jobs',
    path: paths.jobs,
    icon: JobsIcon,
    roles: consoleApi.consoleJobsList.roles,
    load: () => import('../features/jobs/jobs-page'),
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
