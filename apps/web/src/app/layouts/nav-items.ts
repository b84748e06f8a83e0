// The docs/product/routes-and-screens.md#navigation as data shared by the desktop header and the mobile drawer.
import type { RouteHandle } from '../router';
import { paths } from '../../lib/paths';

export interface NavItem {
  key: NonNullable<RouteHandle['page']>;
  to: string;
  labelKey: 'nav.home' | 'nav.recharge' | 'nav.information' | 'nav.account';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', to: paths.home, labelKey: 'nav.home' },
  { key: 'recharge', to: paths.topup, labelKey: 'nav.recharge' },
  { key: 'event', to: paths.event, labelKey: 'nav.information' },
  { key: 'account', to: paths.accountUser, labelKey: 'nav.account' },
];
