// The zod issue -> form message mapping (docs/product/errors.md#form-messages) in all nine
// languages: each issue kind gives its own `common:form.*` text with the bounds filled in.
import { LANGUAGES } from '@hc/contract';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formError, formErrorMessage } from './form-error';

const commons = import.meta.glob<{ form: Record<string, string> }>('../locales/*/common.json', {
  eager: true,
  import: 'default',
});

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  code: z.string().min(4),
  age: z.number().int().min(1).max(9),
  count: z.number().min(2),
  level: z.number().max(3),
  tags: z.array(z.string()).min(1).max(2),
  kind: z.number(),
  email: z.email(),
});

const input = {
  name: '   ',
  code: 'ab',
  age: 20,
  count: 0,
  level: 7,
  tags: ['a', 'b', 'c'],
  kind: 'x',
  email: 'nope',
};

function issues(values: unknown) {
  const parsed = schema.safeParse(values);
  if (parsed.success) throw new Error('expected issues');
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i]));
}

async function tFor(language: string): Promise<{ t: TFunction; form: Record<string, string> }> {
  const common = commons[`../locales/${language}/common.json`]!;
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { common } },
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return { t: i18n.t, form: common.form };
}

const fill = (text: string, values: Record<string, number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

describe('formErrorMessage', () => {
  it('maps every kind of issue to its form message', () => {
    const found = issues(input);
    const ctx = { input, schema };
    expect(formErrorMessage(found.name!, ctx)).toEqual({ key: 'common:form.required' });
    expect(formErrorMessage(found.code!, ctx)).toEqual({
      key: 'common:form.minLength',
      values: { min: 4 },
    });
    expect(formErrorMessage(found.age!, ctx)).toEqual({
      key: 'common:form.numberRange',
      values: { min: 1, max: 9 },
    });
    expect(formErrorMessage(found.count!, ctx)).toEqual({
      key: 'common:form.numberMin',
      values: { min: 2 },
    });
    expect(formErrorMessage(found.level!, ctx)).toEqual({
      key: 'common:form.numberMax',
      values: { max: 3 },
    });
    expect(formErrorMessage(found.tags!, ctx)).toEqual({
      key: 'common:form.arrayMax',
      values: { max: 2 },
    });
    expect(formErrorMessage(found.kind!, ctx)).toEqual({ key: 'common:form.invalidType' });
    // A format rule is the form's own message.
    expect(formErrorMessage(found.email!, ctx)).toBeNull();

    const more = issues({ ...input, name: 'toolong', tags: [], kind: undefined });
    expect(formErrorMessage(more.name!, { input: { name: 'toolong' } })).toEqual({
      key: 'common:form.maxLength',
      values: { max: 5 },
    });
    expect(formErrorMessage(more.tags!)).toEqual({
      key: 'common:form.arrayMin',
      values: { min: 1 },
    });
    expect(formErrorMessage(more.kind!, { input: {} })).toEqual({ key: 'common:form.required' });
  });

  it.each(LANGUAGES)('gives the %s texts with the bounds filled in', async (language) => {
    const { t, form } = await tFor(language);
    const found = issues(input);
    const ctx = { input, schema };
    expect(formError(t, found.name!, ctx)).toBe(form.required);
    expect(formError(t, found.code!, ctx)).toBe(fill(form.minLength!, { min: 4 }));
    expect(formError(t, found.age!, ctx)).toBe(fill(form.numberRange!, { min: 1, max: 9 }));
    expect(formError(t, found.count!, ctx)).toBe(fill(form.numberMin!, { min: 2 }));
    expect(formError(t, found.level!, ctx)).toBe(fill(form.numberMax!, { max: 3 }));
    expect(formError(t, found.tags!, ctx)).toBe(fill(form.arrayMax!, { max: 2 }));
    expect(formError(t, found.kind!, ctx)).toBe(form.invalidType);
    expect(formError(t, found.email!, ctx)).toBe(form.invalidType);
    expect(formError(t, found.email!, { ...ctx, fallback: 'Own text' })).toBe('Own text');
    const longer = issues({ ...input, name: 'toolong', tags: [] });
    expect(formError(t, longer.name!, ctx)).toBe(fill(form.maxLength!, { max: 5 }));
    expect(formError(t, longer.tags!, ctx)).toBe(fill(form.arrayMin!, { min: 1 }));
    // Every message is this language's own text, never a key.
    for (const text of Object.values(form)) expect(text).not.toMatch(/^form\./);
  });
});
