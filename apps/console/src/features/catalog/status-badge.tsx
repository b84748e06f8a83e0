// The status of a pack or a campaign as a coloured badge.
import type { PackStatus, RebateCampaign } from '@hc/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PackStatus | RebateCampaign['status'], string> = {
  on_sale: 'teal',
  running: 'teal',
  scheduled: 'blue',
  ended: 'gray',
  disabled: 'red',
};

export function StatusBadge({ status }: { status: PackStatus | RebateCampaign['status'] }) {
  const { t } = useTranslation('catalog');
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLORS[status]}
      styles={{ root: { maxWidth: 'none', flex: 'none' }, label: { overflow: 'visible' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
