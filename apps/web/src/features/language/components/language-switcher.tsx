// The "Select Region" language switcher (docs/product/languages.md): a menu of the nine languages, each named
// in its own script; the choice is applied and stored by lib/i18n.
import { LANGUAGES, type Language } from '@hc/contract';
import { Menu, NativeSelect, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../../components/ui/icons';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/resolve-language';
import classes from './language-switcher.module.css';

function useLanguageChoice() {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const nameOf = (lng: Language) => t(`languages.${lng}`);
  return { t, language, nameOf, choose: (lng: Language) => void changeLanguage(lng) };
}

/** Header variant: a compact button opening a menu. */
export function LanguageMenu() {
  const { t, language, nameOf, choose } = useLanguageChoice();
  return (
    // In place (no portal) so the list stays inside the header landmark; no focus placeholder
    // element, which is not a valid child of role=menu.
    <Menu
      position="bottom-end"
      shadow="lg"
      radius="md"
      width={220}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton
          className={classes.trigger}
          aria-label={`${t('nav.selectRegion')}: ${nameOf(language)}`}
        >
          <GlobeIcon />
          <span lang={language}>{nameOf(language)}</span>
          <ChevronDownIcon size={14} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => choose(lng)}
            aria-current={lng === language ? 'true' : undefined}
            rightSection={lng === language ? <CheckIcon size={16} /> : null}
            className={lng === language ? classes.current : undefined}
          >
            {nameOf(lng)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Drawer variant: a labelled native select (best on phones). */
export function LanguageSelect() {
  const { t, language, nameOf, choose } = useLanguageChoice();
  return (
    <NativeSelect
      label={t('nav.selectRegion')}
      value={language}
      leftSection={<GlobeIcon size={16} />}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) choose(value);
      }}
      data={LANGUAGES.map((lng) => ({ value: lng, label: nameOf(lng) }))}
    />
  );
}
