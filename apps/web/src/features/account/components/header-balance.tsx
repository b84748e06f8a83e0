// HC Point balance in the header for signed-in players with a game account (docs/product/hc-point.md#balance ePointNum):
// a short chip linking to the HC Point record; nothing while unknown or failed (the page
// that needs it shows the failure, docs/product/errors.md#error-catalogue).
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHcPointStatus, useUserInfo } from '../../../lib/app-store';
import { paths } from '../../../lib/paths';
import { formatNumber } from '../../../lib/format';
import classes from './header-balance.module.css';

function HcPointIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="currentColor" opacity="0.25" />
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M9 8.5h4a2 2 0 0 1 0 4H9v3.5M9 12.5h4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Room the chip needs in the full desktop header: its width plus the actions gap. */
const CHIP_ROOM_PX = 110;

/**
 * In the full desktop header the menu must stay readable in every language: the chip steps
 * aside when the menu would run under the actions (long translations near the compact width).
 */
function useFitsBesideMenu(enabled: boolean, deps: readonly unknown[]) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    if (!enabled) return;
    const check = () => {
      const header = ref.current?.closest('header');
      const nav = header?.querySelector('nav');
      const last = nav?.lastElementChild;
      const actions = nav?.nextElementSibling;
      if (!last || !actions) return;
      const free = actions.getBoundingClientRect().left - last.getBoundingClientRect().right;
      // Shown: it fits while nothing overlaps. Hidden: showing it must leave room.
      setFits((shown) => (shown ? free >= 0 : free >= CHIP_ROOM_PX));
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);
  return { ref, fits };
}

/** `besideMenu`: placed next to the full desktop menu, where it yields to long menus. */
export function HeaderBalance({ besideMenu = false }: { besideMenu?: boolean }) {
  const { t, i18n } = useTranslation('account');
  const user = useUserInfo();
  const status = useHcPointStatus();
  const visible = user.login && user.gameAccountId !== null && status === 'ready';
  const { ref, fits } = useFitsBesideMenu(besideMenu && visible, [i18n.language, user.ePointNum]);
  if (!visible) return null;
  const amount = formatNumber(user.ePointNum, i18n.language);
  return (
    <Link
      ref={ref}
      to={paths.accountHcPoint}
      className={fits ? classes.chip : `${classes.chip} ${classes.aside}`}
      data-testid="header-balance"
      data-value={user.ePointNum}
      aria-label={t('balance.headerLabel', { amount })}
      title={t('balance.headerLabel', { amount })}
    >
      <HcPointIcon />
      <span>{amount}</span>
    </Link>
  );
}
