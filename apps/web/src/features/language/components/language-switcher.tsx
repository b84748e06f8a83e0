// The "Select Region" language switcher (docs/product/languages.md): a menu of the nine languages, each named
// in its own script; the choice is applied and stored by lib/i18n. The first render has only the
// button: the menu's code is fetched when the pointer comes over it or it takes the focus, and
// the first click puts the menu in its place, open (keeping the focus on the button). Nothing
// changes under the pointer before that click.
import { useRef, useState, type ComponentType } from 'react';
import { LanguageTrigger } from './language-trigger';
import type { LoadedLanguageMenu } from './language-menu';

type MenuComponent = typeof LoadedLanguageMenu;

let loading: Promise<MenuComponent> | undefined;
function loadMenu(): Promise<MenuComponent> {
  loading ??= import('./language-menu').then((m) => m.LoadedLanguageMenu);
  return loading;
}

/** Header variant: a compact button opening a menu. */
export function LanguageMenu() {
  const [Menu, setMenu] = useState<ComponentType<Parameters<MenuComponent>[0]> | null>(null);
  const focused = useRef(false);
  const prefetch = () => void loadMenu();

  if (Menu !== null)
    return (
      <Menu
        defaultOpened
        takeFocus={() =>
          focused.current &&
          (document.activeElement === null || document.activeElement === document.body)
        }
      />
    );
  return (
    <LanguageTrigger
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={() => {
        focused.current = true;
        prefetch();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onClick={() => {
        void loadMenu().then((component) => setMenu(() => component));
      }}
    />
  );
}
