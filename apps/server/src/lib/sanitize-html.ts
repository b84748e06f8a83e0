// HTML sanitising for articles, home blocks and footer pages (docs/product/content.md#articles): a strict
// allow-list applied when content is stored and again when it is served, plus the plain-text
// excerpt used as an article summary. Scripts, event handlers, style attributes and
// javascript:/data: URLs never survive (data:image is kept only in <img src>).
import sanitize from 'sanitize-html';

const allowedTags = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'img',
  'blockquote',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

// Tags whose text is dropped with them (the rest keep their text, escaped).
const nonTextTags = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'svg',
  'math',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'select',
  'head',
  'meta',
  'link',
  'base',
];

/** Raster or SVG images inlined as data: (an <img> never runs an SVG's scripts). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

const options: sanitize.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Absolute URLs need one of these schemes; relative URLs (/path, page.html, #id) pass.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags,
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    // Links never get a handle on the portal's window.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
  exclusiveFilter: (frame) =>
    // An image without a usable source is dropped; data: is kept only for images.
    frame.tag === 'img' &&
    (frame.attribs.src === undefined ||
      frame.attribs.src === '' ||
      (frame.attribs.src.trim().toLowerCase().startsWith('data:') &&
        !DATA_IMAGE.test(frame.attribs.src.trim()))),
};

/** The allow-listed form of untrusted HTML. Idempotent: sanitising twice changes nothing. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options).trim();
}

const BLOCK_END = /<\/(p|h2|h3|h4|li|blockquote|tr|th|td|ul|ol|table)>|<br \/>/g;

/** sanitize-html escapes only these in text; everything else arrives decoded. */
function decodeEscapes(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

export const SUMMARY_MAX_CHARS = 160;

/**
 * A plain-text excerpt of (untrusted) HTML: tags removed, blocks separated by a space, whitespace
 * collapsed, cut at `max` code points with an ellipsis. Angle brackets are dropped too, so the
 * excerpt stays inert even where a client puts it into HTML.
 */
export function plainTextExcerpt(html: string, max = SUMMARY_MAX_CHARS): string {
  const spaced = sanitizeHtml(html).replace(BLOCK_END, (end) => `${end} `);
  const text = decodeEscapes(
    sanitize(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags }),
  )
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
