// The header's language button and the choice it offers, shared by the light button of the first
// render (language-switcher.tsx) and the menu loaded on first use (language-menu.tsx).
import type { Language } from '@hc/contract';
import { UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, GlobeIcon } from '../../../components/ui/icons';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/resolve-language';
import classes from './language-switcher.module.css';

export function useLanguageChoice() {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const nameOf = (lng: Language) => t(`languages.${lng}`);
  return { t, language, nameOf, choose: (lng: Language) => void changeLanguage(lng) };
}

/** "Select Region: English": the globe, the current language in its own script, a chevron. */
export function LanguageTrigger({
  ref,
  className,
  ...props
}: ComponentPropsWithoutRef<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  const { t, language, nameOf } = useLanguageChoice();
  return (
    <UnstyledButton
      ref={ref}
      aria-label={`${t('nav.selectRegion')}: ${nameOf(language)}`}
      {...props}
      // The menu's target props may bring a class of their own: ours stays.
      className={className === undefined ? classes.trigger : `${classes.trigger} ${className}`}
    >
      <GlobeIcon />
      <span lang={language}>{nameOf(language)}</span>
      <ChevronDownIcon size={14} />
    </UnstyledButton>
  );
}
