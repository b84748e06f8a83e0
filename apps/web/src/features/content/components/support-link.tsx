// Customer support (docs/product/api.md#system-calls, docs/product/errors.md#error-catalogue): the Help menu entry and every "customer support" link
// use result.crm_url, fetched once and cached by TanStack Query. While it is unknown the entry is
// a button that fetches it and opens it in a new tab; on failure the player sees "Failed to jump
// to customer service" (common:info.customerServiceJumpFail).
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '../../../components/ui/icons';
import { useUserInfo } from '../../../lib/app-store';
import { crmUrlQuery, useCrmUrl } from '../../../lib/customer-support';
import { showNotice } from '../../../lib/notices';
import classes from './support-link.module.css';

export const SUPPORT_FAIL_KEY = 'info.customerServiceJumpFail';

/** Fetches the URL if needed and opens it in a new tab; shows the docs/product/errors.md#outcome-and-failure-messages message on failure. */
export function useOpenSupport() {
  const client = useQueryClient();
  const user = useUserInfo();
  return useCallback(async () => {
    // Opened synchronously so popup blockers treat it as the click's tab.
    const tab = window.open('', '_blank');
    try {
      const { crm_url: url } = await client.fetchQuery({
        ...crmUrlQuery(user.userId),
        retry: false,
      });
      if (!url) throw new Error('No customer-support URL');
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    } catch {
      tab?.close();
      showNotice(SUPPORT_FAIL_KEY, 'error');
    }
  }, [client, user.userId]);
}

interface SupportLinkProps {
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
  testId?: string;
}

/** A menu-style link to customer support (header Help entry, drawer, footer). */
export function SupportLink({
  className,
  children,
  onNavigate,
  testId = 'help-link',
}: SupportLinkProps) {
  const { t } = useTranslation();
  const crm = useCrmUrl();
  const open = useOpenSupport();
  const content = (
    <>
      {children}
      <ExternalIcon size={14} />
      <span style={SR_ONLY}>{t('nav.opensInNewTab')}</span>
    </>
  );
  if (crm.data) {
    return (
      <a
        className={className}
        href={crm.data}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onNavigate}
        data-testid={testId}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={`${classes.asLink} ${className ?? ''}`}
      data-testid={testId}
      onClick={() => {
        onNavigate?.();
        void open();
      }}
    >
      {content}
    </button>
  );
}

/** The "Contact customer support" button (Contact us page and elsewhere). */
export function SupportButton() {
  const { t } = useTranslation('content');
  const crm = useCrmUrl();
  const open = useOpenSupport();
  return crm.data ? (
    <Button
      component="a"
      href={crm.data}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      rightSection={<ExternalIcon size={14} />}
      data-testid="support-button"
    >
      {t('support.contact')}
    </Button>
  ) : (
    <Button
      variant="light"
      rightSection={<ExternalIcon size={14} />}
      onClick={() => void open()}
      data-testid="support-button"
    >
      {t('support.contact')}
    </Button>
  );
}

const SR_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
