// Language choice on the public pages; it lands in the language cookie through the store.
import { MenuItem, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LANGUAGES } from '../../shared/enums';
import { rememberLoginLanguage } from '../loginLanguage';

export function LanguageSwitcher() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={locale}
      onChange={(event) => {
        rememberLoginLanguage(event.target.value);
        setLocale(event.target.value);
      }}
      slotProps={{
        htmlInput: {
          'aria-label': translate('app.appbar.language'),
          'data-testid': 'language-switcher',
        },
      }}
      sx={{ mx: 1, minWidth: 100 }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language} value={language}>
          {translate(`app.languages.${language}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
