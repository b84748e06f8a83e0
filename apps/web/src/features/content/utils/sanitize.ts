// Browser-side sanitising of server HTML (sanitised on store AND before rendering).
// DOMPurify is imported lazily so only the routes that render HTML load it. Strict profile:
// HTML only (no SVG/MathML), no scripts/styles/frames/forms, no event handlers (DOMPurify drops
// every on* attribute), only http(s)/mailto/tel/relative URLs, and every link gets
// rel="noopener noreferrer" (external links also open in a new tab).
import type { Config, DOMPurify } from 'dompurify';

export type Sanitize = (html: string) => string;

const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'base',
  'link',
  'meta',
  'template',
  'noscript',
];

/** http(s), mailto, tel, fragments and relative paths; never javascript:, data: or vbscript:. */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|#|\/(?!\/)|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS,
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

function configure(purify: DOMPurify): Sanitize {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:/i.test(href)) node.setAttribute('target', '_blank');
      else node.removeAttribute('target');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      // Content images without a text alternative are treated as decorative (axe image-alt).
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
  return (html) => purify.sanitize(html, CONFIG);
}

let loading: Promise<Sanitize> | null = null;

/** Loads DOMPurify once and returns the configured sanitiser. */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(
    (mod) => configure(mod.default(window)),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
