import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../config';

export interface LanguageMenuProps {
  id: string;
  anchor: HTMLElement | null;
  current: string;
  onChoose: (language: string) => void;
  onClose: () => void;
}

/** The picker's list of languages, each named in itself (its own chunk: the menu's modal and popover code). */
export default function LanguageMenu({ id, anchor, current, onChoose, onClose }: LanguageMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          lang={language}
          selected={language === current}
          onClick={() => onChoose(language)}
          data-testid={`language-${language}`}
        >
          <ListItemIcon>{language === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{LANGUAGE_NAMES[language]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
