// The language switcher of the phone menu (docs/product/languages.md): a labelled native select,
// best on phones.
import { LANGUAGES } from '@hc/contract';
import { NativeSelect } from '@mantine/core';
import { GlobeIcon } from '../../../components/ui/icons';
import { isLanguage } from '../../../lib/resolve-language';
import { useLanguageChoice } from './language-trigger';

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
