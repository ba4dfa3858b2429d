// Not found is a page (issue 13, part 6): an item route first loads its project and its item; a
// 404 (missing, trashed or another customer's: the API does not tell them apart) shows the
// translated "not found" with SPEC §2's back target instead of tabs over an empty card, a form
// that never fills, or a jump elsewhere with a bare toast.
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { useGetOne } from 'react-admin';
import { ItemNotFound } from './ItemNotFound';

export interface ItemRef {
  /** The dataProvider resource of `:id` ('projects' on /projects/:id/…); none: only `:pid`. */
  resource?: string;
  /** SPEC §2's back target: the overview of the item's kind. */
  backTo: (pid: string) => string;
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: number }).status === 404;

export function RequireItem({ item, children }: { item: ItemRef; children: ReactNode }) {
  const params = useParams();
  const pid = params.pid ?? '';
  const id = item.resource ? (params.id ?? '') : '';
  const project = useGetOne('projects', { id: pid }, { enabled: !!pid, retry: false });
  // Same resource, id and meta as the screens' own reads, so the screen reuses this answer.
  const record = useGetOne(
    item.resource ?? 'projects',
    { id, meta: pid ? { projectId: pid } : undefined },
    { enabled: !!id, retry: false },
  );
  // Trashed QR codes and short links stay readable for the trash screen, not for their item routes.
  const trashed = !!(record.data as { trashedAt?: string | null } | undefined)?.trashedAt;
  if (isNotFound(project.error) || isNotFound(record.error) || trashed) {
    return <ItemNotFound backTo={item.backTo(pid)} />;
  }
  if ((pid && project.isPending) || (id && record.isPending)) return <LinearProgress />;
  return <>{children}</>;
}
