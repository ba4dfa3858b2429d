// A button that asks for confirmation before a non-CRUD call (duplicate, trash, unlink…).
import { useState, type ReactElement } from 'react';
import { Button, Confirm } from 'react-admin';

export interface ConfirmActionButtonProps {
  label: string;
  icon: ReactElement;
  title: string;
  content: string;
  titleArgs?: Record<string, unknown>;
  onConfirm: () => Promise<unknown>;
  /** Given, a failed `onConfirm` is handed here (its notice) instead of thrown. */
  onFailure?: (error: unknown) => void;
  testId?: string;
  color?: 'primary' | 'error' | 'inherit';
}

export function ConfirmActionButton({
  label,
  icon,
  titleArgs,
  onConfirm,
  onFailure,
  testId,
  color = 'primary',
  ...texts
}: ConfirmActionButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        label={label}
        color={color}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        data-testid={testId}
      >
        {icon}
      </Button>
      <Confirm
        {...texts} // the title and content keys
        isOpen={open}
        loading={busy}
        translateOptions={titleArgs}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } catch (error) {
            if (!onFailure) throw error;
            onFailure(error);
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}
