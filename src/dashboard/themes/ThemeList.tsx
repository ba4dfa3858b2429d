// /projects/:pid/themes: the project's themes with their colours; the active one is marked, and a
// user with ThemeSetActive can make another one active.
import { Box, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { Theme } from '../../shared/schemas/theme';
import { ActivateButton, ActiveBadge, DuplicateButton } from './ThemeActions';
import { themePaths } from './paths';
import { useHasPermission } from '../useHasPermission';
import { ListEmpty } from '../common/ListEmpty';
import { ProjectItemList } from '../common/ProjectItemList';
import { UpdatedAtColumn } from '../common/ItemColumns';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function AddButton({ pid, variant }: { pid: string; variant?: 'contained' | 'text' }) {
  const translate = useTranslate();
  if (!useHasPermission('ThemeCreate')) return null;
  return (
    <Button
      component={Link}
      to={themePaths.add(pid)}
      label={translate('app.themes.create')}
      variant={variant}
      data-testid="theme-create"
    >
      <AddIcon />
    </Button>
  );
}

export function Swatches({ theme }: { theme: Pick<Theme, 'settings'> }) {
  const translate = useTranslate();
  const { colors } = theme.settings;
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} data-testid="theme-swatches">
      {(['primary', 'secondary', 'tertiary', 'accent'] as const).map((name) => (
        <Tooltip
          key={name}
          title={`${translate(`resources.themes.fields.settings.colors.${name}`)} ${colors[name]}`}
        >
          {/* role img: the tooltip's aria-label names the colour, which a plain div may not carry. */}
          <Box
            role="img"
            sx={{
              width: 22,
              height: 22,
              borderRadius: '50%',
              bgcolor: colors[name],
              border: '1px solid rgba(0,0,0,.15)',
            }}
            data-color={colors[name]}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

function SwatchField() {
  const record = useRecordContext<Theme>();
  return record ? <Swatches theme={record} /> : null;
}

function StatusField({ pid }: { pid: string }) {
  const record = useRecordContext<Theme>();
  if (!record) return null;
  return record.isActive ? <ActiveBadge /> : <ActivateButton pid={pid} theme={record} />;
}

function RowButtons({ pid }: { pid: string }) {
  const record = useRecordContext<Theme>();
  if (!record) return null;
  return <DuplicateButton pid={pid} id={record.id} />;
}

function Empty({ pid }: { pid: string }) {
  return (
    <ListEmpty title="app.themes.empty_title" message="app.themes.empty_message">
      <AddButton pid={pid} variant="contained" />
    </ListEmpty>
  );
}

export function ThemeList() {
  const { pid = '' } = useParams();
  const translate = useTranslate();
  return (
    <ProjectItemList
      resource="themes"
      pid={pid}
      title={translate('resources.themes.name', { smart_count: 2 })}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<AddButton pid={pid} />}
      empty={<Empty pid={pid} />}
      rowClick={(id) => themePaths.detailsEdit(pid, id)}
      testId="theme-list"
    >
      <DataTable.Col source="colors" label="resources.themes.fields.colors" disableSort>
        <SwatchField />
      </DataTable.Col>
      <DataTable.Col source="name" />
      <DataTable.Col source="isActive" label="resources.themes.fields.isActive">
        <StatusField pid={pid} />
      </DataTable.Col>
      <UpdatedAtColumn />
      <DataTable.Col label={false} disableSort align="right">
        <RowButtons pid={pid} />
      </DataTable.Col>
    </ProjectItemList>
  );
}
ThemeList.path = '/projects/:pid/themes';
