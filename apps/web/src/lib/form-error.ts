// Zod issue -> the generic form messages of docs/product/errors.md#form-messages
// (`common:form.*`): required, minimum / maximum length, number range, array limits and invalid
// type, in the reader's language. Forms check their values with a zod schema and show
// `formError(t, issue, …)` under the field; issues these messages do not cover (a format, a
// custom rule) show the form's own `fallback` text, else "The value is not valid".
import type { TFunction } from 'i18next';
import type { z } from 'zod';

export interface FormErrorMessage {
  key: `common:form.${string}`;
  values?: Record<string, number>;
}

export interface FormErrorContext {
  /** The values the schema checked: an empty value at the issue's path reads "required". */
  input?: unknown;
  /** The object schema: a number field with both bounds reads "between {{min}} and {{max}}". */
  schema?: z.ZodType;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Both bounds of a number field of an object schema, when it has them. */
function numberBounds(schema: z.ZodType | undefined, path: readonly PropertyKey[]) {
  let node: unknown = schema;
  for (const key of path) {
    const shape = (node as { shape?: Record<PropertyKey, unknown> } | undefined)?.shape;
    node = shape?.[key];
  }
  const field = node as { minValue?: number | null; maxValue?: number | null } | undefined;
  const min = field?.minValue;
  const max = field?.maxValue;
  return typeof min === 'number' &&
    typeof max === 'number' &&
    Number.isFinite(min) &&
    Number.isFinite(max)
    ? { min, max }
    : null;
}

const asNumber = (n: unknown): number => (typeof n === 'bigint' ? Number(n) : Number(n));

/** The message for one issue, or null when the generic messages do not cover it. */
export function formErrorMessage(
  issue: z.core.$ZodIssue,
  context: FormErrorContext = {},
): FormErrorMessage | null {
  const empty = 'input' in context && isEmpty(valueAt(context.input, issue.path));
  switch (issue.code) {
    case 'invalid_type':
      return { key: empty ? 'common:form.required' : 'common:form.invalidType' };
    case 'too_small': {
      const min = asNumber(issue.minimum);
      if (issue.origin === 'string') {
        return empty || min <= 1
          ? { key: 'common:form.required' }
          : { key: 'common:form.minLength', values: { min } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'common:form.arrayMin', values: { min } };
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        const range = numberBounds(context.schema, issue.path);
        return range
          ? { key: 'common:form.numberRange', values: range }
          : { key: 'common:form.numberMin', values: { min } };
      }
      return null;
    }
    case 'too_big': {
      const max = asNumber(issue.maximum);
      if (issue.origin === 'string') return { key: 'common:form.maxLength', values: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'common:form.arrayMax', values: { max } };
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        const range = numberBounds(context.schema, issue.path);
        return range
          ? { key: 'common:form.numberRange', values: range }
          : { key: 'common:form.numberMax', values: { max } };
      }
      return null;
    }
    default:
      return null;
  }
}

/** The translated message for one issue; `fallback` (already translated) for other issues. */
export function formError(
  t: TFunction,
  issue: z.core.$ZodIssue,
  context: FormErrorContext & { fallback?: string } = {},
): string {
  const message = formErrorMessage(issue, context);
  if (message) return t(message.key, message.values ?? {});
  return context.fallback ?? t('common:form.invalidType');
}
