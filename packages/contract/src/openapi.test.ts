// The OpenAPI 3.1 document and the static docs page are complete and consistent with `api`.
import { describe, expect, it } from 'vitest';
import { allCallEntries } from './all-calls';
import { apiEntries } from './api';
import { CONSOLE_COOKIE, CONSOLE_CSRF_HEADER } from './console/roles';
import { renderApiDocsHtml, schemaFields } from './api-docs-html';
import { ErrorCode } from './errors';
import { HEADER_NAMES } from './headers';
import { buildOpenApiDocument, openApiPath } from './openapi';

type Op = {
  operationId: string;
  'x-roles'?: string[];
  tags: string[];
  requestBody?: unknown;
  parameters: Array<{ $ref?: string; name?: string; in?: string }>;
  responses: Record<string, unknown>;
  security: unknown[];
};

const doc = buildOpenApiDocument();
const op = (path: string, method: string) =>
  (doc.paths[openApiPath(path)] as Record<string, Op> | undefined)?.[method.toLowerCase()];

describe('buildOpenApiDocument', () => {
  it('is OpenAPI 3.1 and JSON-serialisable', () => {
    expect(doc.openapi).toBe('3.1.0');
    const round = JSON.parse(JSON.stringify(doc)) as unknown;
    expect(round).toEqual(doc);
  });

  it('has an operation for every api entry, with body and result schemas', () => {
    const components = doc.components as { schemas: Record<string, unknown> };
    for (const [name, call] of allCallEntries()) {
      const o = op(call.path, call.method);
      expect(o?.operationId).toBe(name);
      expect(o?.tags).toEqual([call.tag]);
      expect(components.schemas[`${name}Body`]).toBeTypeOf('object');
      expect(components.schemas[`${name}Result`]).toBeTypeOf('object');
      expect(o?.requestBody !== undefined).toBe(call.method === 'POST');
      expect('203' in (o?.responses ?? {})).toBe(call.auth === 'required');
      expect(o?.security.length).toBe(
        { none: 0, optional: 2, required: 1, publisher: 1, console: 1 }[call.auth],
      );
      expect('401' in (o?.responses ?? {})).toBe(
        call.auth === 'publisher' || call.auth === 'console',
      );
    }
  });

  it('describes the console calls: cookie and CSRF header, roles, 401/403, the CSV download', () => {
    const components = doc.components as {
      securitySchemes: Record<string, { in: string; name: string }>;
    };
    expect(components.securitySchemes.consoleSession).toMatchObject({
      in: 'cookie',
      name: CONSOLE_COOKIE,
    });
    expect(components.securitySchemes.consoleCsrf).toMatchObject({
      in: 'header',
      name: CONSOLE_CSRF_HEADER,
    });
    const invite = op('/api/console/operators/invite', 'POST');
    expect(invite?.['x-roles']).toEqual(['owner']);
    expect(Object.keys(invite?.responses ?? {})).toEqual(['200', '401', '403']);
    const exported = op('/api/console/audit/export', 'POST') as
      { responses: Record<string, { content: Record<string, unknown> }> } | undefined;
    expect(Object.keys(exported?.responses['200']?.content ?? {})).toContain('text/csv');
  });

  it('describes the publisher signature headers and the Idempotency-Key of publisher writes', () => {
    const components = doc.components as {
      securitySchemes: Record<string, { in: string; name: string }>;
    };
    const upsert = op('/api/publisher/v1/players/upsert', 'POST');
    const scheme = upsert?.security[0] as Record<string, unknown>;
    expect(Object.keys(scheme).map((k) => components.securitySchemes[k]?.name)).toEqual([
      'x-hc-key-id',
      'x-hc-timestamp',
      'x-hc-nonce',
      'x-hc-signature',
    ]);
    expect(upsert?.parameters).toEqual([{ $ref: '#/components/parameters/idempotencyKey' }]);
    expect(op('/api/publisher/v1/players/get', 'POST')?.parameters).toEqual([]);
  });

  it('every $ref resolves', () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    const components = doc.components as Record<string, Record<string, unknown>>;
    for (const [, kind, name] of refs)
      expect([kind, name, components[kind!]?.[name!] !== undefined]).toEqual([kind, name, true]);
  });

  it('declares the docs/product/api.md#request-headers headers and the path parameter of gameInfoContent', () => {
    const o = op('/api/game/info/content/:id', 'POST');
    const refs = o?.parameters.map((p) => p.$ref).filter(Boolean);
    for (const h of HEADER_NAMES) expect(refs).toContain(`#/components/parameters/header_${h}`);
    expect(o?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    expect(doc.paths['/api/game/info/content/{id}']).toBeDefined();
  });

  it('carries the error catalogue', () => {
    const codes = doc['x-error-codes'] as Array<{ code: number; key: string }>;
    expect(codes).toContainEqual(
      expect.objectContaining({ code: ErrorCode.tokenFail, key: 'tokenFail' }),
    );
    expect(codes.some((c) => c.code === 0)).toBe(false);
    expect(String(doc.info.description)).toContain('| 20002 | ContextReset |');
  });

  it('tags every operation with a declared tag', () => {
    const declared = new Set((doc.tags as Array<{ name: string }>).map((t) => t.name));
    for (const [, call] of apiEntries()) expect(declared.has(call.tag)).toBe(true);
  });
});

describe('renderApiDocsHtml', () => {
  const html = renderApiDocsHtml('/api/docs/openapi.json');

  it('contains every path and links the spec', () => {
    for (const [name, call] of apiEntries()) {
      expect(html).toContain(`<code>${call.path}</code>`);
      expect(html).toContain(`id="${name}"`);
    }
    expect(html).toContain('href="/api/docs/openapi.json"');
  });

  it('has no scripts or external resources (strict CSP)', () => {
    expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
  });

  it('can link a stylesheet instead of inlining one', () => {
    const linked = renderApiDocsHtml('/spec.json', { cssHref: '/api/docs.css' });
    expect(linked).toContain('<link rel="stylesheet" href="/api/docs.css">');
    expect(linked).not.toContain('<style>');
  });

  it('escapes the spec URL', () => {
    expect(renderApiDocsHtml('/x"><b>')).toContain('href="/x&quot;&gt;&lt;b&gt;"');
  });

  it('lists body and nested result fields', () => {
    expect(html).toContain('<code>list[].sdk_order_id</code>');
    expect(html).toContain('<code>channel_code</code>');
  });
});

describe('schemaFields', () => {
  it('flattens nested objects, arrays and nullable fields', () => {
    const rows = schemaFields({
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'object', properties: { b: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
        c: { type: 'array', items: { type: 'object', properties: { d: { enum: [1, 2] } } } },
      },
    });
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ['a', 'object', true],
      ['a.b', 'string | null', false],
      ['c', 'array of object', false],
      ['c[].d', '1 | 2', false],
    ]);
  });
});
