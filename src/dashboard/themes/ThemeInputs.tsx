// The theme editor: every field of SPEC §3 in sections, beside a live phone preview of the real
// landing page. Shared by create and edit.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  ArrayInput,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  BACKGROUND_TYPES,
  BUTTON_STYLES,
  CARD_STYLES,
  CORNERS,
  DENSITIES,
  ICON_SIZE_MAX,
  ICON_SIZE_MIN,
  LOGO_SIZE_MAX,
  LOGO_SIZE_MIN,
  RADIUS_MAX,
  SIZES,
  SOCIAL_ICON_STYLES,
  SOCIAL_ICON_TYPES,
  SOCIAL_ICONS_MAX,
  themeInputSchema,
} from '../../shared/schemas/theme';
import { DEFAULT_PRIMARY_COLOR, GRADIENT_ANGLE_MAX } from '../../shared/constants';
import { zodValidate } from '../validation';
import { ColorInput } from './ColorInput';
import { FontInput } from './FontInput';
import { SliderInput } from './SliderInput';
import { ThemeImageInput } from './ThemeImageInput';
import { ThemePreview } from './ThemePreview';

export const validateTheme = zodValidate(themeInputSchema);

const F = 'resources.themes.fields.settings';

const choices = (values: readonly string[], prefix: string) =>
  values.map((value) => ({ id: value, name: `${prefix}.${value}` }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A button's or card's look: its style (`app.themes.<part>_styles`) over its corner radius. */
function StyleAndRadius({ part, styles }: { part: 'button' | 'card'; styles: readonly string[] }) {
  return (
    <Box sx={{ flex: 1 }}>
      <SelectInput
        source={`settings.${part}.style`}
        choices={choices(styles, `app.themes.${part}_styles`)}
        fullWidth={false}
        sx={{ minWidth: 200 }}
      />
      <SliderInput
        source={`settings.${part}.radius`}
        label={`${F}.${part}.radius`}
        min={0}
        max={RADIUS_MAX}
        unit="px"
        testId={`theme-${part}-radius`}
      />
    </Box>
  );
}

function BackgroundInputs({
  projectId,
  storedImage,
}: {
  projectId: string;
  storedImage: string | null;
}) {
  const type = useWatch({ name: 'settings.background.type' }) as string | undefined;
  return (
    <>
      <RadioButtonGroupInput
        source="settings.background.type"
        choices={choices(BACKGROUND_TYPES, 'app.themes.background_types')}
        row
      />
      {type === 'gradient' ? (
        <>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
            <ColorInput
              source="settings.background.gradient.from"
              label={`${F}.background.gradient.from`}
            />
            <ColorInput
              source="settings.background.gradient.to"
              label={`${F}.background.gradient.to`}
            />
          </Stack>
          <SliderInput
            source="settings.background.gradient.angle"
            label={`${F}.background.gradient.angle`}
            min={0}
            max={GRADIENT_ANGLE_MAX}
            unit="°"
            testId="theme-gradient-angle"
          />
        </>
      ) : (
        <ColorInput source="settings.background.color" label={`${F}.background.color`} />
      )}
      {type === 'image' && (
        <ThemeImageInput
          source="settings.background.imageMediaId"
          kind="image"
          label={`${F}.background.imageMediaId`}
          projectId={projectId}
          storedId={storedImage}
          testId="theme-background-image"
        />
      )}
      {type !== 'color' && (
        <SliderInput
          source="settings.background.overlay"
          label={`${F}.background.overlay`}
          min={0}
          max={1}
          step={0.05}
          testId="theme-overlay"
        />
      )}
    </>
  );
}

function SocialIconsInput() {
  const icons = useWatch({ name: 'settings.socialIcons' }) as unknown[] | undefined;
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.themes.social_help', { max: SOCIAL_ICONS_MAX })}
      </Typography>
      <ArrayInput source="settings.socialIcons" label={false}>
        <SimpleFormIterator
          inline
          // Let a row of icon fields wrap instead of widening the form.
          sx={{ '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', rowGap: 0 } }}
          disableAdd={(icons?.length ?? 0) >= SOCIAL_ICONS_MAX}
          disableReordering={false}
          data-testid="theme-social-icons"
        >
          <SelectInput
            source="type"
            label={`${F}.socialIcons.type`}
            choices={choices(SOCIAL_ICON_TYPES, 'app.themes.social_types')}
            defaultValue="instagram"
            fullWidth={false}
            sx={{ minWidth: 150 }}
          />
          <TextInput
            source="link"
            label={`${F}.socialIcons.link`}
            defaultValue=""
            fullWidth={false}
            sx={{ minWidth: 260 }}
          />
          <SelectInput
            source="style"
            label={`${F}.socialIcons.style`}
            choices={choices(SOCIAL_ICON_STYLES, 'app.themes.icon_styles')}
            defaultValue="filled"
            fullWidth={false}
            sx={{ minWidth: 130 }}
          />
          <ColorInput source="color" label={`${F}.socialIcons.color`} defaultValue="#ffffff" />
          <ColorInput
            source="backgroundColor"
            label={`${F}.socialIcons.backgroundColor`}
            defaultValue={DEFAULT_PRIMARY_COLOR}
          />
          <NumberInput
            source="size"
            label={`${F}.socialIcons.size`}
            defaultValue={40}
            min={ICON_SIZE_MIN}
            max={ICON_SIZE_MAX}
            fullWidth={false}
            sx={{ width: 110 }}
          />
          <NumberInput
            source="radius"
            label={`${F}.socialIcons.radius`}
            defaultValue={24}
            min={0}
            max={RADIUS_MAX}
            fullWidth={false}
            sx={{ width: 110 }}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export interface ThemeInputsProps {
  projectId: string;
  /** The saved logo and background image (edit), so only new uploads count as changes. */
  storedLogo?: string | null;
  storedImage?: string | null;
  onDeleteLogo?: () => Promise<void>;
}

export function ThemeInputs({
  projectId,
  storedLogo = null,
  storedImage = null,
  onDeleteLogo,
}: ThemeInputsProps) {
  return (
    <Box
      sx={{
        width: '100%',
        display: 'flex',
        gap: 3,
        alignItems: 'flex-start',
        flexDirection: { xs: 'column-reverse', md: 'row' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Section title="app.themes.sections.general">
          <TextInput
            source="name"
            fullWidth
            sx={{ maxWidth: 480 }}
            slotProps={{ htmlInput: { 'data-testid': 'theme-name' } }}
          />
        </Section>
        <Section title="app.themes.sections.colors">
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {(['primary', 'secondary', 'tertiary', 'accent'] as const).map((name) => (
              <ColorInput
                key={name}
                source={`settings.colors.${name}`}
                label={`${F}.colors.${name}`}
              />
            ))}
          </Stack>
        </Section>
        <Section title="app.themes.sections.background">
          <BackgroundInputs projectId={projectId} storedImage={storedImage} />
        </Section>
        <Section title="app.themes.sections.buttons_cards">
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 4 }}>
            <StyleAndRadius part="button" styles={BUTTON_STYLES} />
            <StyleAndRadius part="card" styles={CARD_STYLES} />
          </Stack>
        </Section>
        <Section title="app.themes.sections.layout">
          <RadioButtonGroupInput
            source="settings.corner"
            choices={choices(CORNERS, 'app.themes.corners')}
            row
          />
          <RadioButtonGroupInput
            source="settings.density"
            choices={choices(DENSITIES, 'app.themes.densities')}
            row
          />
          <RadioButtonGroupInput
            source="settings.size"
            choices={choices(SIZES, 'app.themes.sizes')}
            row
          />
        </Section>
        <Section title="app.themes.sections.font">
          <FontInput />
        </Section>
        <Section title="app.themes.sections.logo">
          <ThemeImageInput
            source="settings.logo.mediaId"
            kind="logo"
            label={`${F}.logo.mediaId`}
            projectId={projectId}
            storedId={storedLogo}
            onDeleteStored={onDeleteLogo}
            testId="theme-logo"
          />
          <SliderInput
            source="settings.logo.size"
            label={`${F}.logo.size`}
            min={LOGO_SIZE_MIN}
            max={LOGO_SIZE_MAX}
            unit="px"
            testId="theme-logo-size"
          />
        </Section>
        <Section title="app.themes.sections.social">
          <SocialIconsInput />
        </Section>
      </Box>
      <Box
        sx={{
          position: { md: 'sticky' },
          top: { md: 72 },
          alignSelf: { xs: 'center', md: 'flex-start' },
        }}
      >
        <ThemePreview projectId={projectId} />
      </Box>
    </Box>
  );
}
