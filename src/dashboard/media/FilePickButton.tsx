// The button that opens the browser's file chooser for one kind of media; the file input itself
// stays hidden, as its look cannot be styled.
import { useRef, type ChangeEvent } from 'react';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslate } from 'react-admin';
import { MEDIA_RULES, type MediaKind } from '../../shared/media';

export const acceptOf = (kind: MediaKind) =>
  MEDIA_RULES[kind].extensions?.map((ext) => `.${ext}`).join(',') ?? undefined;

export function FilePickButton({
  kind,
  inputId,
  testId,
  buttonTestId,
  disabled,
  replaces,
  onPick,
}: {
  kind: MediaKind;
  inputId?: string;
  /** The hidden input's test id is `{testId}-file`. */
  testId: string;
  buttonTestId?: string;
  disabled: boolean;
  /** Whether a file is there already: the button says "replace" instead of "choose". */
  replaces: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const translate = useTranslate();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        hidden
        accept={acceptOf(kind)}
        onChange={onPick}
        data-testid={`${testId}-file`}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadIcon />}
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
        data-testid={buttonTestId}
      >
        {translate(replaces ? 'app.media.replace' : 'app.media.choose')}
      </Button>
    </>
  );
}
