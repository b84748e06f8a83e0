// /main/page/:slug (ADR 0021): footer pages About Us, Contact us, Privacy Policy, User Agreement.
export { FooterPage as Component } from '../../features/content/components/footer-page';
