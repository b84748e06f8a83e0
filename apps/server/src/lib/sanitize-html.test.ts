// The article HTML allow-list (a corpus of XSS payloads must all come out
// inert) and the plain-text summary.
import { describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '../../test/support/xss-corpus';
import { plainTextExcerpt, sanitizeHtml } from './sanitize-html';

const ALLOWED_TAGS = new Set(
  'p h2 h3 h4 ul ol li strong em a img blockquote br table thead tbody tr th td'.split(' '),
);
const ALLOWED_ATTRS: Record<string, string[]> = {
  a: ['href', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Every problem that would make sanitised HTML active; [] when inert. */
function activeParts(html: string): string[] {
  const problems: string[] = [];
  for (const match of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const tag = (match[1] ?? '').toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) problems.push(`tag ${tag}`);
    for (const attr of (match[2] ?? '').matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      const name = (attr[1] ?? '').toLowerCase();
      if (!(ALLOWED_ATTRS[tag] ?? []).includes(name)) problems.push(`attr ${tag}[${name}]`);
      // Browsers drop tabs, newlines and controls inside a scheme.
      // eslint-disable-next-line no-control-regex
      const url = decodeEntities(attr[2] ?? '').replace(/[\u0000-\u0020]/g, '');
      if (name === 'href' && !/^(https?:|mailto:|[^:]*$)/i.test(url)) problems.push(`href ${url}`);
      if (name === 'href' && url.startsWith('//')) problems.push(`href ${url}`);
      if (name === 'src' && !/^(https:|data:image\/|[^:]*$)/i.test(url))
        problems.push(`src ${url}`);
      if (name === 'src' && url.startsWith('//')) problems.push(`src ${url}`);
      if (name === 'rel' && url !== 'noopenernoreferrer') problems.push(`rel ${url}`);
    }
  }
  if (
    /javascript:|vbscript:|data:text/i.test(decodeEntities(html).replace(/\s/g, '')) &&
    /<a|<img/.test(html)
  )
    problems.push('script URL in markup');
  return problems;
}

describe('sanitizeHtml', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_CORPUS)('makes %s inert', (payload) => {
    const out = sanitizeHtml(payload);
    expect(activeParts(out)).toEqual([]);
    expect(out).not.toMatch(/<script|<iframe|<svg|<style|<meta|<form|<object|<embed|<base|<link/i);
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/style=|srcdoc|formaction/i);
    // Stored content is sanitised again when served: the second pass is a no-op.
    expect(sanitizeHtml(out)).toBe(out);
  });

  it('the checker itself flags active markup', () => {
    expect(activeParts('<a href="javascript:alert(1)">x</a>')).not.toEqual([]);
    expect(activeParts('<img src="x" onerror="alert(1)" />')).not.toEqual([]);
    expect(activeParts('<script>1</script>')).not.toEqual([]);
  });

  it('keeps the allow-listed formatting', () => {
    const html =
      '<h2>Patch</h2><p>New <strong>heroes</strong> and <em>maps</em>.<br /></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>' +
      '<table><thead><tr><th>Item</th></tr></thead><tbody><tr><td colspan="2">Gem</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps safe links and images, with rel=noopener', () => {
    expect(sanitizeHtml('<a href="https://ok.example/">x</a>')).toBe(
      '<a href="https://ok.example/" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/main/event">x</a>')).toContain('href="/main/event"');
    expect(sanitizeHtml('<a href="mailto:help@example.com">x</a>')).toContain('mailto:');
    expect(sanitizeHtml('<img src="/content/banner.svg" alt="Banner">')).toBe(
      '<img src="/content/banner.svg" alt="Banner" />',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain(
      'data:image/png',
    );
    expect(sanitizeHtml('<img src="https://cdn.example/a.png">')).toContain('https://cdn.example');
  });

  it('drops data: URLs that are not images and images without a source', () => {
    expect(sanitizeHtml('<a href="data:image/png;base64,AAAA">x</a>')).toBe(
      '<a rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<img src="data:text/html,hi"><p>ok</p>')).toBe('<p>ok</p>');
  });
});

describe('plainTextExcerpt', () => {
  it('turns HTML into one line of text with blocks spaced', () => {
    expect(
      plainTextExcerpt('<h2>Title</h2><p>One &amp; <strong>two</strong></p><p>Three</p>'),
    ).toBe('Title One & two Three');
  });

  it('drops scripts, their text and angle brackets', () => {
    expect(plainTextExcerpt('<p>Hi</p><script>alert(1)</script><p>&lt;b&gt;x</p>')).toBe('Hi bx');
  });

  it('cuts long text at a code-point boundary with an ellipsis', () => {
    const text = '😀'.repeat(200);
    const out = plainTextExcerpt(`<p>${text}</p>`, 10);
    expect(Array.from(out)).toHaveLength(10);
    expect(out.endsWith('…')).toBe(true);
  });

  it.each(XSS_CORPUS)('summary of %s has no markup', (payload) => {
    expect(plainTextExcerpt(payload)).not.toMatch(/[<>]/);
  });
});
