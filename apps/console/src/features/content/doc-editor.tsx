// Per-language title + rich-text body editing, shared by Game Info / Game Features blocks and
// footer pages (articles have their own editor with more fields).
import type { Language } from '@hc/contract';
import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageTabs } from './language-tabs';
import { RichTextEditor } from './rich-text-editor';
import { missingOf, type EditorTexts } from './texts';

export function DocTextsEditor({
  texts,
  onChange,
  language,
  onLanguage,
}: {
  texts: EditorTexts;
  onChange: (texts: EditorTexts) => void;
  language?: Language;
  onLanguage?: (l: Language) => void;
}) {
  const { t } = useTranslation('content');
  const [own, setOwn] = useState<Language>('en-US');
  const current = language ?? own;
  const missing = missingOf(texts);
  const set = (l: Language, field: 'title' | 'content', value: string) => {
    const cur = texts[l] ?? { title: '', content: '' };
    onChange({ ...texts, [l]: { ...cur, [field]: value } });
  };
  return (
    <Stack gap="xs">
      {missing.includes('en-US') && (
        <Text size="sm" c="red" role="status">
          {t('missing.fallbackRequired')}
        </Text>
      )}
      <LanguageTabs missing={missing} value={current} onChange={onLanguage ?? setOwn}>
        {(l) => (
          <Stack gap="sm">
            <TextInput
              label={t('fields.title', { language: t(`languages.${l}`) })}
              value={texts[l]?.title ?? ''}
              onChange={(e) => set(l, 'title', e.currentTarget.value)}
              maxLength={200}
              lang={l}
            />
            <RichTextEditor
              label={t('fields.body', { language: t(`languages.${l}`) })}
              value={texts[l]?.content ?? ''}
              onChange={(html) => set(l, 'content', html)}
            />
          </Stack>
        )}
      </LanguageTabs>
    </Stack>
  );
}
