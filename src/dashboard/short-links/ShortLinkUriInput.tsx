// The uri of a short link: the scan base shown in front, the rules under the field from the first
// keystroke, and a button for a new random free uri. A create form fills it with a suggestion.
import { useEffect, useRef, useState } from 'react';
import { IconButton, InputAdornment, Tooltip } from '@mui/material';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { SHORT_LINK_URI_MAX } from '../../shared/schemas/shortLink';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { scanBaseOf } from './linkApi';
import { useLinkNotify } from '../useNotifications';

export interface ShortLinkUriInputProps {
  projectId: string;
  /** Fill the field with a free random uri when it shows (create). */
  isPrefilled?: boolean;
  /** The scan base when known (edit: from the record's scanUrl). */
  scanBase?: string;
}

export function ShortLinkUriInput({
  projectId,
  isPrefilled = false,
  scanBase,
}: ShortLinkUriInputProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { setValue, getValues } = useFormContext();
  const { failure } = useLinkNotify();
  const [base, setBase] = useState(scanBase ?? '');
  const [isBusy, setBusy] = useState(false);
  const hasPrefilled = useRef(false);

  const suggest = async (overwrite: boolean) => {
    setBusy(true);
    try {
      const { data: suggestion } = await dataProvider.suggestUri(projectId);
      setBase(scanBaseOf(suggestion));
      // A uri typed while the suggestion loaded wins.
      if (overwrite || !getValues('uri')) {
        setValue('uri', suggestion.uri, { shouldDirty: true, shouldValidate: true });
      }
    } catch (error) {
      failure('short_link', 'getting', error);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!isPrefilled || hasPrefilled.current || !projectId) return;
    hasPrefilled.current = true;
    void suggest(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPrefilled, projectId]);

  useEffect(() => {
    if (scanBase) setBase(scanBase);
  }, [scanBase]);

  return (
    <TextInput
      source="uri"
      fullWidth
      helperText={translate('app.short_links.uri_rules', { max: SHORT_LINK_URI_MAX })}
      slotProps={{
        htmlInput: {
          'data-testid': 'short-link-uri-input',
          spellCheck: false,
          autoComplete: 'off',
        },
        input: {
          startAdornment: base ? (
            <InputAdornment
              position="start"
              // Primary text: the grey of an adornment fails 4.5:1 on a filled field (axe).
              sx={{
                mr: 0,
                flexShrink: 0,
                maxWidth: '60%',
                overflow: 'hidden',
                color: 'text.primary',
              }}
            >
              <span style={{ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' }}>
                {base}
              </span>
            </InputAdornment>
          ) : undefined,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate('app.short_links.suggest')}>
                <span>
                  <IconButton
                    onClick={() => void suggest(true)}
                    disabled={isBusy}
                    aria-label={translate('app.short_links.suggest')}
                    data-testid="short-link-suggest"
                    edge="end"
                  >
                    <ShuffleIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
