import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { readerLanguage } from '../../i18n/readerLanguage';

// The menu (MUI's Menu, Popover and Modal) is a chunk of its own, loaded when the pointer or the focus reaches the
// button: the sign-in page shows the picker but rarely opens it.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

export interface LanguagePickerProps {
  /**
   * Wraps the button, e.g. in the header's MUI tooltip. Without it the button has the native tooltip (the sign-in
   * page does not load MUI's Tooltip and Popper for it).
   */
  wrapButton?: (button: ReactElement) => ReactElement;
}

/**
 * The language picker (header and sign-in page): a button that opens the list of languages, each named in
 * itself. The choice is kept by the language detector (local storage and cookie).
 */
export function LanguagePicker({ wrapButton }: LanguagePickerProps) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Rendered from the first opening on (then kept, so that it can close with its transition).
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const current = readerLanguage(i18n);
  const choose = (language: string) => {
    setAnchor(null);
    if (language !== current) void i18n.changeLanguage(language);
  };
  const preload = () => void loadMenu();
  const button = (
    <IconButton
      onClick={(event) => {
        setOpened(true);
        setAnchor(event.currentTarget);
      }}
      onPointerEnter={preload}
      onFocus={preload}
      aria-label={t('language.choose')}
      title={wrapButton ? undefined : t('language.choose')}
      aria-haspopup="menu"
      aria-expanded={anchor !== null}
      aria-controls={anchor ? menuId : undefined}
      data-testid="language-picker"
    >
      <TranslateIcon fontSize="small" />
    </IconButton>
  );
  return (
    <>
      {wrapButton ? wrapButton(button) : button}
      {opened ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={anchor}
            current={current}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
