// /projects/:pid/pages (pagesOverview): the project's hosted landing pages — the Actions whose scan
// shows a page (contact, text, app link, sound, file) — with the QR codes and short links serving
// them, their scan URLs, and a live phone preview of the selected page.
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Grid,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import LinkIcon from '@mui/icons-material/Link';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { DashboardDataProvider } from '../providers/dataProvider';
import { ACTION_TYPE_ICONS, typeLabelKey } from '../actions/actionTypes';
import { actionPaths } from '../actions/actionPaths';
import { qrCodePath } from '../qr-codes/QrCodeTabs';
import { shortLinkPaths } from '../short-links/shortLinkPaths';
import { CopyableUrl } from './CopyableUrl';
import { PagePreview } from './PagePreview';
import {
  isPageKind,
  NEW_PAGE_KIND,
  PAGE_KINDS,
  type PageItem,
  type PageKind,
  type PageRecord,
} from './pageKinds';

/** Per kind; a project with more pages than this of one kind is a rare case for this overview. */
const PER_KIND = 100;

function usePages(pid: string) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['pages', pid],
    queryFn: async () => {
      const lists = await Promise.all(
        PAGE_KINDS.map((kind) =>
          dataProvider.getList<PageRecord>('actions', {
            pagination: { page: 1, perPage: PER_KIND },
            sort: { field: 'updatedAt', order: 'DESC' },
            filter: { objectType: kind },
            meta: { projectId: pid },
          }),
        ),
      );
      return lists
        .flatMap((list) => list.data)
        .filter((page) => isPageKind(page.objectType))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },
  });
}

function PageItems({ pid, page }: { pid: string; page: PageRecord }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const { data: items, isPending } = useQuery({
    queryKey: ['pages', pid, page.id, 'items'],
    queryFn: () => dataProvider.getActionQrCodes<PageItem>(pid, page.id),
  });
  if (isPending) return <Skeleton width="60%" />;
  if (!items?.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="page-not-served">
        {translate('app.pages.not_served')}{' '}
        <RouterLink to={actionPaths.qrCodes(pid, page.id)}>
          {translate('app.pages.link_items')}
        </RouterLink>
      </Typography>
    );
  }
  return (
    <Stack spacing={0.75} data-testid="page-items">
      {items.map((item) => {
        const Icon = item.type === 'qr_code' ? QrCodeIcon : LinkIcon;
        const to =
          item.type === 'qr_code' ? qrCodePath(pid, item.id) : shortLinkPaths.tab(pid, item.id);
        return (
          <Box key={`${item.type}:${item.id}`} data-testid="page-item">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Icon fontSize="small" color="action" aria-hidden />
              <Typography
                variant="body2"
                component={RouterLink}
                to={to}
                sx={{ color: 'text.primary', fontWeight: 500 }}
              >
                {item.name}
              </Typography>
            </Stack>
            <Box sx={{ pl: 3.5 }}>
              <CopyableUrl url={item.scanUrl} />
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

function PageCard({
  pid,
  page,
  isSelected,
  onSelect,
}: {
  pid: string;
  page: PageRecord;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const translate = useTranslate();
  const Icon = ACTION_TYPE_ICONS[page.objectType];
  return (
    <Card
      variant="outlined"
      sx={{ borderColor: isSelected ? 'primary.main' : undefined, borderWidth: isSelected ? 2 : 1 }}
      data-testid="page-card"
      data-selected={isSelected}
    >
      <CardActionArea onClick={onSelect} data-testid="page-select">
        <CardContent sx={{ pb: 1 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Icon color={isSelected ? 'primary' : 'action'} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle1" noWrap data-testid="page-name">
                {page.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate(typeLabelKey(page.objectType))}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
      <CardContent sx={{ pt: 0 }}>
        <PageItems pid={pid} page={page} />
        <Box sx={{ mt: 1 }}>
          <Button
            component={RouterLink}
            to={actionPaths.detailsEdit(pid, page.id)}
            size="small"
            startIcon={<EditIcon />}
          >
            {translate('app.pages.edit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function PagesOverview() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  const { data: pages = [], isPending, error } = usePages(pid);
  const [kind, setKind] = useState<PageKind | null>(null);
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return pages.filter(
      (page) => (!kind || page.objectType === kind) && (!q || page.name.toLowerCase().includes(q)),
    );
  }, [pages, kind, query]);
  const selected = shown.find((page) => page.id === selectedId) ?? shown[0] ?? null;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('app.pages.title')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {translate('app.pages.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {translate('app.pages.intro')}
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          // A new page starts on the kind shown, or on a text page.
          to={actionPaths.add(pid, kind ?? NEW_PAGE_KIND)}
          variant="contained"
          startIcon={<AddIcon />}
          data-testid="pages-create"
        >
          {translate('app.pages.create')}
        </Button>
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2, alignItems: 'center' }}
      >
        <TextField
          size="small"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={translate('ra.action.search')}
          slotProps={{ htmlInput: { 'aria-label': translate('ra.action.search') } }}
          // The theme makes inputs full width; here the kind chips sit beside the search.
          fullWidth={false}
          sx={{ width: 240 }}
        />
        <Chip
          label={translate('app.pages.all_kinds')}
          color={kind === null ? 'primary' : 'default'}
          onClick={() => setKind(null)}
        />
        {PAGE_KINDS.map((candidate) => (
          <Chip
            key={candidate}
            label={translate(typeLabelKey(candidate))}
            color={kind === candidate ? 'primary' : 'default'}
            onClick={() => setKind(candidate)}
            data-testid={`pages-kind-${candidate}`}
          />
        ))}
      </Stack>
      {isPending ? (
        <Skeleton variant="rectangular" height={240} />
      ) : error ? (
        <Typography color="error">{translate('app.pages.load_error')}</Typography>
      ) : shown.length === 0 ? (
        <Card data-testid="pages-empty">
          <CardContent sx={{ textAlign: 'center', py: 5 }}>
            <Typography variant="h6" gutterBottom>
              {translate(pages.length ? 'app.pages.no_match' : 'app.pages.empty_title')}
            </Typography>
            <Typography color="text.secondary">{translate('app.pages.empty_message')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={1.5} data-testid="pages-list">
              {shown.map((page) => (
                <PageCard
                  key={page.id}
                  pid={pid}
                  page={page}
                  isSelected={page.id === selected?.id}
                  onSelect={() => setSelectedId(page.id)}
                />
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
              {selected && <PagePreview projectId={pid} page={selected} />}
            </Box>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
PagesOverview.path = '/projects/:pid/pages';
