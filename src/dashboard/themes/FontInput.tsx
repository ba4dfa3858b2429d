// The theme's font: a searchable list of the whole Google Fonts catalogue (family with its
// category), then the subset and variant the chosen family offers. Empty means the system font.
import { Box, Stack, Typography } from '@mui/material';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  defaultFontChoice,
  findFont,
  FONT_CATALOGUE,
  type FontChoice,
  type CatalogueFont,
} from '../../shared/fonts';

/** Matches anywhere in the family name; only the first matches are drawn, the search covers all. */
export const fontFilter = createFilterOptions<CatalogueFont>({
  limit: 100,
  stringify: (font) => font.family,
});

export function variantLabel(variant: string, translate: (key: string) => string): string {
  if (variant === 'regular') return translate('app.themes.font_variant_regular');
  if (variant === 'italic') return translate('app.themes.font_variant_italic');
  const italic = variant.endsWith('italic');
  return `${parseInt(variant, 10)}${italic ? ` ${translate('app.themes.font_variant_italic')}` : ''}`;
}

export function FontInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const font = useWatch({ name: 'settings.font' }) as FontChoice | null | undefined;
  const selected = findFont(font?.family) ?? null;
  return (
    <Box sx={{ width: '100%' }}>
      <Autocomplete<CatalogueFont>
        options={FONT_CATALOGUE as CatalogueFont[]}
        value={selected}
        filterOptions={fontFilter}
        getOptionLabel={(option) => option.family}
        isOptionEqualToValue={(option, value) => option.family === value.family}
        onChange={(_event, value) =>
          setValue('settings.font', value ? defaultFontChoice(value) : null, {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              data-testid="theme-font-option"
              sx={{ display: 'flex', gap: 2 }}
            >
              <Box sx={{ flex: 1 }}>{option.family}</Box>
              <Typography variant="caption" color="text.secondary">
                {translate(`app.themes.font_categories.${option.category}`)}
              </Typography>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('resources.themes.fields.settings.font.family')}
            placeholder={translate('app.themes.font_system')}
            helperText={translate('app.themes.font_help', { count: FONT_CATALOGUE.length })}
            slotProps={{
              htmlInput: { ...params.inputProps, 'data-testid': 'theme-font-input' },
            }}
          />
        )}
        noOptionsText={translate('app.themes.font_none')}
        sx={{ maxWidth: 480 }}
      />
      {selected && (
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', columnGap: 2 }}>
          <SelectInput
            source="settings.font.subset"
            choices={selected.subsets.map((subset) => ({ id: subset, name: subset }))}
            translateChoice={false}
            fullWidth={false}
            sx={{ minWidth: 180 }}
            data-testid="theme-font-subset"
          />
          <SelectInput
            source="settings.font.variant"
            choices={selected.variants.map((variant) => ({
              id: variant,
              name: variantLabel(variant, translate),
            }))}
            translateChoice={false}
            fullWidth={false}
            sx={{ minWidth: 180 }}
            data-testid="theme-font-variant"
          />
        </Stack>
      )}
    </Box>
  );
}
