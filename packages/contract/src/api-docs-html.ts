// Renders the OpenAPI document as one static HTML page: no scripts at all, so it works under a strict CSP.
import { allCallEntries } from './all-calls';
import { buildOpenApiDocument, errorCatalogue, toJsonSchema, type JsonSchema } from './openapi';

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function isObj(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Drops `null` from an anyOf/oneOf, remembering that the field is nullable. */
function unwrapNullable(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts)) {
    const rest = alts.filter((a) => !(isObj(a) && a.type === 'null'));
    if (rest.length === 1 && isObj(rest[0]) && rest.length < alts.length) {
      return {
        schema: { ...rest[0], description: s.description ?? rest[0].description },
        nullable: true,
      };
    }
  }
  return { schema: s, nullable: false };
}

function typeLabel(s: JsonSchema): string {
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.type === 'array')
    return `array of ${isObj(s.items) ? typeLabel(unwrapNullable(s.items).schema) : 'any'}`;
  if (typeof s.type === 'string') return s.type;
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts)) return alts.map((a) => (isObj(a) ? typeLabel(a) : '?')).join(' | ');
  return 'any';
}

/** Flattens an object schema into rows; nested fields read `list[].sdk_order_id`. */
export function schemaFields(schema: JsonSchema, prefix = ''): FieldRow[] {
  const props = isObj(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const rows: FieldRow[] = [];
  for (const [key, raw] of Object.entries(props)) {
    if (!isObj(raw)) continue;
    const { schema: s, nullable } = unwrapNullable(raw);
    const name = prefix + key;
    const type = typeLabel(s) + (nullable ? ' | null' : '');
    const extra = 'default' in raw ? `default ${JSON.stringify(raw.default)}` : '';
    const description = [typeof s.description === 'string' ? s.description : '', extra]
      .filter(Boolean)
      .join('; ');
    rows.push({ name, type, required: required.has(key), description });
    if (s.type === 'object') rows.push(...schemaFields(s, `${name}.`));
    if (s.type === 'array' && isObj(s.items)) {
      const item = unwrapNullable(s.items).schema;
      if (item.type === 'object') rows.push(...schemaFields(item, `${name}[].`));
    }
  }
  return rows;
}

function fieldTable(rows: FieldRow[]): string {
  if (rows.length === 0) return '<p class="none">No fields.</p>';
  const body = rows
    .map(
      (r) =>
        `<tr><td><code>${esc(r.name)}</code></td><td>${esc(r.type)}</td><td>${r.required ? 'yes' : 'no'}</td><td>${esc(r.description)}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** Styles for the page; serve them as a file and pass its URL to keep `style-src 'self'`. */
export const apiDocsCss = `body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:0 auto;padding:1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#eee}code{font-family:ui-monospace,monospace}section{border-top:2px solid #333;margin-top:1.5rem}
.method{font-weight:700;color:#00529b}.none{color:#444;font-style:italic}nav ul{columns:3}`;

export interface ApiDocsOptions {
  /** Link a stylesheet instead of inlining `apiDocsCss` (for a CSP without 'unsafe-inline' styles). */
  cssHref?: string;
}

export function renderApiDocsHtml(specUrl: string, options: ApiDocsOptions = {}): string {
  const doc = buildOpenApiDocument();
  const info = doc.info as { title: string; version: string };
  const style = options.cssHref
    ? `<link rel="stylesheet" href="${esc(options.cssHref)}">`
    : `<style>${apiDocsCss}</style>`;
  const nav = allCallEntries()
    .map(
      ([name, call]) =>
        `<li><a href="#${esc(name)}">${esc(call.method)} ${esc(call.path)}</a></li>`,
    )
    .join('');
  const sections = allCallEntries().map(([name, call]) => {
    const params = call.params
      ? `<h4>Path parameters</h4>${fieldTable(schemaFields(toJsonSchema(call.params, 'input')))}`
      : '';
    const body =
      call.method === 'GET'
        ? '<p class="none">No body (GET).</p>'
        : fieldTable(schemaFields(toJsonSchema(call.body, 'input')));
    return `<section id="${esc(name)}" aria-labelledby="h-${esc(name)}">
<h3 id="h-${esc(name)}"><span class="method">${esc(call.method)}</span> <code>${esc(call.path)}</code></h3>
<p>${esc(call.summary)}</p>
<dl><dt>Name</dt><dd><code>${esc(name)}</code></dd><dt>Auth</dt><dd>${esc(call.auth)}</dd><dt>Source</dt><dd>${esc(call.spec)}</dd>${
      call.chosen ? `<dt>Chosen shape</dt><dd>${esc(call.chosen)}</dd>` : ''
    }</dl>${params}
<h4>Body</h4>${body}
<h4>Result</h4>${fieldTable(schemaFields(toJsonSchema(call.result, 'output')))}
</section>`;
  });
  const errors = errorCatalogue()
    .map(
      (e) =>
        `<tr><td>${e.code}</td><td><code>${esc(e.key)}</code></td><td>${esc(e.message)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title>${style}</head>
<body><main>
<h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>
<p>Machine-readable document: <a href="${esc(specUrl)}">${esc(specUrl)}</a> (OpenAPI ${esc(doc.openapi)}).</p>
<p>Every answer is HTTP 200 with <code>{ code: 0, msg, result }</code> or <code>{ code, msg, data? }</code> for a business error;
calls with auth <em>required</em> answer HTTP 203 with code 20001 (tokenFail) when the session is missing or expired;
console calls (auth <em>console</em>) answer HTTP 401 without a session and 403 when refused (role, CSRF token, two-factor enrolment).
Times are Unix seconds, money is integer minor units plus an ISO currency.</p>
<nav aria-label="Calls"><h2>Calls</h2><ul>${nav}</ul></nav>
<h2>Reference</h2>
${sections.join('\n')}
<section id="errors" aria-labelledby="h-errors"><h2 id="h-errors">Error codes</h2>
<table><thead><tr><th scope="col">Code</th><th scope="col">Key</th><th scope="col">Meaning</th></tr></thead><tbody>
${errors}
</tbody></table></section>
</main></body></html>
`;
}
