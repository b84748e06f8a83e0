// The header's language menu (docs/product/languages.md): the nine languages, each named in its
// own script. Loaded on first use by language-switcher.tsx, so Mantine's Menu, Popover and focus
// trap are not in the first render.
import { Menu } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { LANGUAGES } from '@hc/contract';
import { LanguageTrigger, useLanguageChoice } from './language-trigger';
import classes from './language-switcher.module.css';

export function LoadedLanguageMenu({
  defaultOpened,
  takeFocus,
}: {
  /** Open at once: it replaces the light button on that button's first click. */
  defaultOpened: boolean;
  /** Whether the light button this menu replaces had the keyboard focus. */
  takeFocus: () => boolean;
}) {
  const { language, nameOf, choose } = useLanguageChoice();
  const target = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (takeFocus()) target.current?.focus();
    // Once, when this menu replaces the light button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <LanguageTrigger ref={target} />
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
