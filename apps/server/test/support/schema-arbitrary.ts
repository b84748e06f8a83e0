// fast-check arbitraries from the contract's zod 4 schemas, through
// z.toJSONSchema (zod's public walk of its own internals) so the generator reads one stable
// shape: objects, strings (length, pattern, email/date formats), integers and numbers with
// bounds, enums, consts, arrays, anyOf (unions, nullable), records and defaults.
// `zod-fast-check` targets zod 3; this is the small part of it the contract needs.
import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema 2020-12 that z.toJSONSchema emits for the contract. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface ArbitraryHints {
  /** Known-good values by property name (seeded ids, examples): mixed into what is generated. */
  pools?: Record<string, readonly unknown[]>;
}

/** The input side of a zod schema as JSON Schema (defaults make a property optional). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const MAX_GENERATED_LENGTH = 80;

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Math.max(minLength, MAX_GENERATED_LENGTH);
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  if (s.format === 'email') {
    return fc.emailAddress().filter(fits);
  }
  if (s.format === 'date') {
    return fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.pattern !== undefined) {
    return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  }
  return fc.string({
    minLength,
    maxLength: Math.min(maxLength, Math.max(minLength, MAX_GENERATED_LENGTH)),
    unit: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...'abcXYZ019 _-.') },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
    ),
  });
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = integer ? Number.MIN_SAFE_INTEGER : -1e12;
  const highest = integer ? Number.MAX_SAFE_INTEGER : 1e12;
  let min = s.minimum ?? lowest;
  let max = s.maximum ?? highest;
  if (s.exclusiveMinimum !== undefined) min = integer ? s.exclusiveMinimum + 1 : s.exclusiveMinimum;
  if (s.exclusiveMaximum !== undefined) max = integer ? s.exclusiveMaximum - 1 : s.exclusiveMaximum;
  if (integer) {
    // Small values find rows; the edges find overflow (int4 columns, 2^53).
    const edges = [min, max, min + 1, max - 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32].filter(
      (v) => v >= min && v <= max,
    );
    return fc.oneof(
      { weight: 5, arbitrary: fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }) },
      // The whole allowed range (a filter over all safe integers would never end for a narrow one).
      {
        weight: 2,
        arbitrary: fc.integer({
          min: Math.max(min, Number.MIN_SAFE_INTEGER),
          max: Math.min(max, Number.MAX_SAFE_INTEGER),
        }),
      },
      { weight: 2, arbitrary: fc.constantFrom(...edges) },
    );
  }
  return fc.double({
    min,
    max,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
  });
}

function objectArbitrary(
  s: JsonSchema,
  hints: ArbitraryHints,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    if (typeof s.additionalProperties === 'object') {
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }),
        arbitraryFromJsonSchema(s.additionalProperties, hints),
        { maxKeys: 5 },
      );
    }
    return fc.constant({});
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) {
    const generated = arbitraryFromJsonSchema(properties[key] ?? {}, hints);
    const pool = hints.pools?.[key];
    model[key] =
      pool !== undefined && pool.length > 0
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...pool) },
            { weight: 2, arbitrary: generated },
          )
        : generated;
  }
  return fc.record(model, { requiredKeys: s.required ?? [] });
}

/** An arbitrary of values that `s` accepts. */
export function arbitraryFromJsonSchema(
  s: JsonSchema,
  hints: ArbitraryHints = {},
): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum !== undefined) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union !== undefined) return fc.oneof(...union.map((u) => arbitraryFromJsonSchema(u, hints)));
  if (s.allOf !== undefined && s.allOf.length === 1 && s.allOf[0] !== undefined) {
    return arbitraryFromJsonSchema(s.allOf[0], hints);
  }
  const type = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  if (type.length > 1) {
    return fc.oneof(...type.map((t) => arbitraryFromJsonSchema({ ...s, type: t }, hints)));
  }
  switch (type[0]) {
    case 'object':
      return objectArbitrary(s, hints);
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (s.prefixItems !== undefined) {
        return fc.tuple(...s.prefixItems.map((p) => arbitraryFromJsonSchema(p, hints)));
      }
      return fc.array(arbitraryFromJsonSchema(s.items ?? {}, hints), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, Math.max(s.minItems ?? 0, 5)),
      });
    default:
      // `{}` (unknown / any): any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Valid bodies for a zod schema: the examples given, and generated ones. */
export function validBodies(
  schema: z.ZodType,
  examples: readonly unknown[],
  hints: ArbitraryHints = {},
): fc.Arbitrary<unknown> {
  const generated = arbitraryFromJsonSchema(inputJsonSchema(schema), hints).filter(
    (v) => schema.safeParse(v).success,
  );
  return examples.length === 0
    ? generated
    : fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(...examples) },
        { weight: 4, arbitrary: generated },
      );
}

/** A value of the wrong kind for any slot: huge, deep, negative, over int8, wrong type. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    true,
    -1,
    0,
    0.5,
    -0.0,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53,
    2 ** 63,
    2 ** 64,
    '',
    ' ',
    '1',
    '-1',
    '9223372036854775808',
    '1e400',
    'NaN',
    '\u0000',
    '\ud800',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    [],
    {},
    { $gt: '' },
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.nat({ max: 200 }).map((depth) => {
    let v: unknown = 'bottom';
    for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
    return v;
  }),
);

/** Invalid bodies: a valid body with a key dropped, a value replaced, extra keys; or no object at all. */
export function invalidBodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const mutated = fc
    .tuple(valid, fc.nat(), junkValue, fc.constantFrom('drop', 'replace', 'extra'))
    .map(([body, pick, junk, how]) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return junk;
      const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length === 0 ? undefined : keys[pick % keys.length];
      if (how === 'drop' && key !== undefined) delete copy[key];
      else if (how === 'replace' && key !== undefined) copy[key] = junk;
      else copy[`x${pick % 1000}`] = junk;
      return copy;
    });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: junkValue },
    { weight: 1, arbitrary: valid.map((v) => [v]) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 20 }), junkValue, { maxKeys: 6 }),
    },
  );
}
