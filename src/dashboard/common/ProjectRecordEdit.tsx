// How every project record's edit screen saves (QR codes, short links, QR links, labels,
// templates, themes, advertisements): the project in the request's meta, pessimistic so the
// notice follows the server's answer, staying on the screen afterwards, and the kind's notices.
import type { ReactElement, ReactNode } from 'react';
import { Edit, TopToolbar, type EditProps } from 'react-admin';

export function ProjectRecordEdit({
  resource,
  pid,
  id,
  title,
  actions,
  transform,
  onSaved,
  onSaveError,
  sx,
  children,
}: {
  resource: string;
  pid: string;
  id: string;
  title?: string | ReactElement | false;
  /** The buttons at the top (duplicate, delete); without them, react-admin's own. */
  actions?: ReactNode;
  /** What the form sends. */
  transform: (data: Record<string, unknown>) => Record<string, unknown>;
  onSaved: () => void;
  /** Shows a failed save; a 422's field errors are placed at the fields by the caller's notifier. */
  onSaveError: (error: unknown) => void;
  sx?: EditProps['sx'];
  children: ReactElement;
}) {
  const meta = { projectId: pid };
  return (
    <Edit
      resource={resource}
      id={id}
      title={title}
      redirect={false}
      mutationMode="pessimistic"
      queryOptions={{ meta }}
      {...(actions ? { actions: <TopToolbar>{actions}</TopToolbar> } : {})}
      transform={transform}
      sx={sx}
      mutationOptions={{ meta, onSuccess: onSaved, onError: onSaveError }}
    >
      {children}
    </Edit>
  );
}
