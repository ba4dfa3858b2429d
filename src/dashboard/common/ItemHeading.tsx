// The heading of a QR code's or short link's page: its name (the kind's name while it loads), also
// as the window's title, above the item's tabs.
import { Typography } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';

export function ItemHeading({
  resource,
  pid,
  id,
  testId,
}: {
  resource: 'qr-codes' | 'short-links';
  pid: string;
  id: string;
  testId: string;
}) {
  const translate = useTranslate();
  const { data } = useGetOne<{ id: string; name: string }>(resource, {
    id,
    meta: { projectId: pid },
  });
  const title = data?.name ?? translate(`resources.${resource}.name`, { smart_count: 1 });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }} data-testid={testId}>
        {title}
      </Typography>
    </>
  );
}
