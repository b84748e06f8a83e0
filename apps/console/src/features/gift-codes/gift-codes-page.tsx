// The Gift codes section (docs/console.md#gift-codes): campaigns with their usage, a new
// campaign, generating codes, the CSV export and revoking a code or a whole campaign.
import type { GiftCampaign } from '@hc/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NumberInput,
  Pagination,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFooter } from '../../components/modal-footer';
import { DotsIcon, PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { CampaignForm } from './campaign-form';
import {
  CAMPAIGNS_PAGE_SIZE,
  campaignsQuery,
  exportCodes,
  generateCodes,
  GIFT_KEY,
  revokeCampaign,
  revokeCode,
} from './gift-codes-api';

type Action = 'generate' | 'export' | 'revokeCode' | 'revokeCampaign';

const STATUS_TONES: Record<GiftCampaign['status'], string> = {
  active: 'teal',
  scheduled: 'blue',
  expired: 'gray',
  revoked: 'red',
};

function Usage({ campaign }: { campaign: GiftCampaign }) {
  const { t } = useTranslation('giftCodes');
  const { redeemed, remaining } = campaign.usage;
  const total = remaining === null ? null : redeemed + remaining;
  const percent = total === null || total === 0 ? 0 : Math.round((redeemed / total) * 100);
  return (
    <Stack gap={4} miw={140}>
      <Progress
        value={percent}
        size="sm"
        aria-label={t('usage.label', { name: campaign.name })}
        color={campaign.status === 'revoked' ? 'gray' : 'teal'}
      />
      <Text size="xs" c="dimmed">
        {total === null
          ? t('usage.unlimited', { redeemed })
          : t('usage.counts', { redeemed, total, remaining })}
      </Text>
    </Stack>
  );
}

function GenerateModal({
  campaign,
  onClose,
}: {
  campaign: GiftCampaign | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('giftCodes');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [count, setCount] = useState<number | string>(100);
  const run = useMutation({
    mutationFn: (c: GiftCampaign) => generateCodes(c.id, Number(count)),
    onSuccess: () => client.invalidateQueries({ queryKey: GIFT_KEY }),
  });
  const close = () => {
    onClose();
    run.reset();
    setCount(100);
  };
  const valid = typeof count === 'number' && count >= 1 && count <= 50_000;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (campaign !== null && valid) run.mutate(campaign);
  };
  return (
    <Modal opened={campaign !== null} onClose={close} title={t('generate.title')} centered>
      {run.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {t('generate.done', { count: run.data.generated })}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => campaign && void exportCodes(campaign.id)}>
              {t('actions.export')}
            </Button>
            <Button onClick={close}>{tc('actions.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <NumberInput
              label={t('generate.count')}
              description={t('generate.help')}
              value={count}
              onChange={setCount}
              min={1}
              max={50_000}
              allowDecimal={false}
              error={valid ? null : t('generate.countRule')}
            />
            <ModalFooter run={run} onCancel={close} submit={t('generate.submit')} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function RevokeModal({
  target,
  onClose,
}: {
  target: { campaign: GiftCampaign; whole: boolean } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('giftCodes');
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const run = useMutation({
    mutationFn: async () => {
      if (target === null) return;
      if (target.whole) await revokeCampaign(target.campaign.id);
      else await revokeCode(target.campaign.id, code);
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: GIFT_KEY });
      close();
    },
  });
  function close() {
    onClose();
    setCode('');
    run.reset();
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target !== null && (target.whole || code.trim() !== '')) run.mutate();
  };
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target?.whole ? t('revoke.campaignTitle') : t('revoke.codeTitle')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {target?.whole ? (
            <Text size="sm">{t('revoke.campaignHelp', { name: target.campaign.name })}</Text>
          ) : (
            <TextInput
              label={t('revoke.code')}
              description={t('revoke.codeHelp')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
          <ModalFooter
            run={run}
            onCancel={close}
            submit={target?.whole ? t('actions.revokeCampaign') : t('actions.revokeCode')}
            danger
          />
        </Stack>
      </form>
    </Modal>
  );
}

export default function GiftCodesPage() {
  const { t } = useTranslation('giftCodes');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const [creating, { open, close }] = useDisclosure(false);
  const [generating, setGenerating] = useState<GiftCampaign | null>(null);
  const [revoking, setRevoking] = useState<{ campaign: GiftCampaign; whole: boolean } | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const list = useQuery(campaignsQuery(page));

  const pick = (action: Action, campaign: GiftCampaign) => {
    if (action === 'generate') setGenerating(campaign);
    if (action === 'revokeCode') setRevoking({ campaign, whole: false });
    if (action === 'revokeCampaign') setRevoking({ campaign, whole: true });
    if (action === 'export') {
      setExportError(null);
      exportCodes(campaign.id).catch(setExportError);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={open}>
            {t('actions.newCampaign')}
          </Button>
        }
      />
      {exportError !== null && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {tc(errorTranslationKey(exportError))}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        {list.isPending ? (
          <PageLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.list.length === 0 ? (
          <Text c="dimmed">{t('list.empty')}</Text>
        ) : (
          <Stack gap="md">
            <TableScroll minWidth={820} label={t('list.label')}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.campaign')}</Table.Th>
                    <Table.Th>{t('list.reward')}</Table.Th>
                    <Table.Th>{t('list.window')}</Table.Th>
                    <Table.Th>{t('list.status')}</Table.Th>
                    <Table.Th>{t('list.usage')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.list.map((c) => {
                    const actions: Action[] =
                      c.status === 'revoked'
                        ? ['export']
                        : [
                            ...(c.kind === 'single' ? (['generate'] as const) : []),
                            'export',
                            'revokeCode',
                            'revokeCampaign',
                          ];
                    return (
                      <Table.Tr key={c.id} data-testid="campaign-row">
                        <Table.Td>
                          <Text fw={600}>{c.name}</Text>
                          <Text size="xs" c="dimmed">
                            {t('list.meta', {
                              id: c.id,
                              game: c.gameId,
                              kind: t(`kinds.${c.kind}`),
                              limit: c.perAccountLimit,
                            })}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {c.reward.type === 'points'
                              ? t('reward.points', { points: c.reward.points })
                              : t('reward.items', { pack: c.reward.cpGoodsId })}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {c.startsAt === null ? t('list.now') : formatDate(c.startsAt, language)}
                            {' – '}
                            {c.expiresAt === null
                              ? t('list.noEnd')
                              : formatDate(c.expiresAt, language)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={STATUS_TONES[c.status]}>
                            {t(`status.${c.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Usage campaign={c} />
                        </Table.Td>
                        <Table.Td>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={t('actions.menu', { name: c.name })}
                              >
                                <DotsIcon />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              {actions.map((a) => (
                                <Menu.Item
                                  key={a}
                                  color={a.startsWith('revoke') ? 'red' : undefined}
                                  onClick={() => pick(a, c)}
                                >
                                  {t(`actions.${a}`)}
                                </Menu.Item>
                              ))}
                            </Menu.Dropdown>
                          </Menu>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </TableScroll>
            {list.data.total > CAMPAIGNS_PAGE_SIZE && (
              <Pagination
                total={Math.ceil(list.data.total / CAMPAIGNS_PAGE_SIZE)}
                value={page}
                onChange={setPage}
              />
            )}
          </Stack>
        )}
      </Paper>
      <CampaignForm opened={creating} onClose={close} />
      <GenerateModal campaign={generating} onClose={() => setGenerating(null)} />
      <RevokeModal target={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
