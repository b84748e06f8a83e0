// The language switch: English or Simplified Chinese, remembered in this browser.
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setRequestLanguage } from '../lib/api';
import {
  CONSOLE_LANGUAGES,
  changeLanguage,
  currentLanguage,
  type ConsoleLanguage,
} from '../lib/i18n';
import { GlobeIcon } from './icons';

export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLanguage();
  const choose = (language: ConsoleLanguage) => {
    setRequestLanguage(language);
    void changeLanguage(language);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="sm"
          px="xs"
          leftSection={<GlobeIcon size={16} />}
          aria-label={t('header.languageButton', { language: t(`languages.${current}`) })}
        >
          {t(`languages.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {CONSOLE_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            fw={language === current ? 700 : 400}
            onClick={() => choose(language)}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
