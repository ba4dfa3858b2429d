// How every project record's create screen saves (QR links, advertisements, tags, templates,
// themes, short links): the project in the request's meta, the kind's notice, then where the new
// record is shown.
import type { ReactElement } from 'react';
import { Create, useRedirect, type CreateProps } from 'react-admin';
import type { ItemNotices } from './ItemStepButton';

export function ProjectRecordCreate<R extends { id: string }>({
  resource,
  pid,
  title,
  sx,
  transform,
  notices,
  pathOf,
  children,
}: {
  resource: string;
  pid: string;
  title?: string;
  sx?: CreateProps['sx'];
  /** What the form sends. */
  transform: (data: Record<string, unknown>) => Record<string, unknown>;
  /** The kind's notices; a 422's field errors are placed at the fields. */
  notices: ItemNotices<'created', 'creating'>;
  /** Where to go once the record is created. */
  pathOf: (record: R) => string;
  children: ReactElement;
}) {
  const redirect = useRedirect();
  return (
    <Create
      resource={resource}
      title={title}
      sx={sx}
      transform={transform}
      mutationOptions={{
        meta: { projectId: pid },
        // A custom onSuccess replaces react-admin's redirect, so it redirects itself.
        onSuccess: (record: R) => {
          notices.success('created');
          redirect(pathOf(record));
        },
        onError: (error: unknown) => notices.failure('creating', error, true),
      }}
    >
      {children}
    </Create>
  );
}
