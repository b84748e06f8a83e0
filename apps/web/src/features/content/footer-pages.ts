// The footer pages (About Us, Contact us, Privacy Policy, User Agreement: ADR 0021) by slug,
// with the common-namespace label that is both their link text and their page title. Kept free
// of the content calls so the router (in the entry chunk) can name their titles.
import type { SitePageSlug } from '@hc/contract';
export const FOOTER_LABEL_KEYS = {
  about: 'footer.aboutUs',
  contact: 'footer.contactUs',
  privacy: 'footer.privacyPolicy',
  agreement: 'footer.userAgreement',
} as const satisfies Record<SitePageSlug, string>;

export type FooterSlug = keyof typeof FOOTER_LABEL_KEYS;

export const isFooterSlug = (value: string | undefined): value is FooterSlug =>
  value !== undefined && Object.hasOwn(FOOTER_LABEL_KEYS, value);
