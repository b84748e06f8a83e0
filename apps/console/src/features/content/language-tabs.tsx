// Tabs over the nine player languages; a language without a title or a body shows a "missing"
// badge in its tab (players of that language get the en-US text), en-US marked as required.
import { LANGUAGES, type Language } from '@hc/contract';
import { Badge, Group, ScrollArea, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function LanguageTabs({
  missing,
  value,
  onChange,
  children,
}: {
  missing: readonly Language[];
  value: Language;
  onChange: (language: Language) => void;
  children: (language: Language) => ReactNode;
}) {
  const { t } = useTranslation('content');
  return (
    <Tabs
      value={value}
      onChange={(v) => v && onChange(v as Language)}
      variant="outline"
      keepMounted={false}
    >
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
        <Tabs.List aria-label={t('languages.label')} style={{ flexWrap: 'nowrap' }}>
          {LANGUAGES.map((l) => (
            <Tabs.Tab key={l} value={l}>
              <Group gap={6} wrap="nowrap">
                <span>{t(`languages.${l}`)}</span>
                {missing.includes(l) && (
                  <Badge
                    size="xs"
                    color={l === 'en-US' ? 'red' : 'orange'}
                    variant="light"
                    miw="max-content"
                    title={t('missing.one', { language: t(`languages.${l}`) })}
                  >
                    {t('missing.badge')}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
      {LANGUAGES.map((l) => (
        <Tabs.Panel key={l} value={l} pt="md">
          {children(l)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The list column: "complete", or how many languages are missing with their names on hover. */
export function MissingBadge({ missing }: { missing: readonly Language[] }) {
  const { t } = useTranslation('content');
  if (missing.length === 0)
    return (
      <Badge color="teal" variant="light">
        {t('missing.none')}
      </Badge>
    );
  const names = missing.map((l) => t(`languages.${l}`)).join(', ');
  return (
    <Badge color={missing.includes('en-US') ? 'red' : 'orange'} variant="light" title={names}>
      {t('missing.count', { count: missing.length })}
    </Badge>
  );
}
