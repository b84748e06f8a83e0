// Bulletins: a list with status (live, scheduled, ended, draft) and missing languages, and an
// editor with the schedule (begin, optional end), pinned, on/off, and per language a title, a
// plain text and a link. Players see the newest live pinned bulletin at the top of their pages.
import {
  consoleApi,
  type BulletinStatus,
  type ConsoleBulletin,
  type ConsoleBulletinItem,
  type Language,
} from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../components/icons';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { callConsole } from '../../lib/api';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { StatusBadge } from './articles-tab';
import { bulletinQuery, bulletinsQuery, CONTENT_PAGE_SIZE, contentKey } from './content-api';
import { LanguageTabs, MissingBadge } from './language-tabs';
import { filledTexts, fromPicker, missingOf, toPicker, type EditorTexts } from './texts';

const LINK = /^(\/(?![/\\])[^\s"'<>\\]*|https?:\/\/[^\s"'<>\\]+)$/i;

interface Draft {
  pinned: boolean;
  active: boolean;
  beginsAt: number;
  endsAt: number | null;
  texts: EditorTexts;
}

function BulletinEditor({
  bulletin,
  onClose,
}: {
  bulletin?: ConsoleBulletin;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>('en-US');
  const [draft, setDraft] = useState<Draft>(() =>
    bulletin
      ? {
          pinned: bulletin.pinned,
          active: bulletin.active,
          beginsAt: bulletin.beginsAt,
          endsAt: bulletin.endsAt,
          texts: bulletin.texts,
        }
      : {
          pinned: true,
          active: true,
          beginsAt: Math.floor(Date.now() / 1000),
          endsAt: null,
          texts: {},
        },
  );
  const missing = missingOf(draft.texts, true);
  const badLink = Object.values(draft.texts).some((x) => x?.link && !LINK.test(x.link));
  const badSchedule = draft.endsAt !== null && draft.endsAt <= draft.beginsAt;
  const body = () => ({
    pinned: draft.pinned,
    active: draft.active,
    beginsAt: draft.beginsAt,
    endsAt: draft.endsAt,
    texts: Object.fromEntries(
      Object.entries(filledTexts(draft.texts)).map(([l, x]) => [
        l,
        { title: x.title, content: x.content, link: x.link?.trim() ? x.link.trim() : null },
      ]),
    ),
  });
  const save = useMutation({
    mutationFn: () =>
      bulletin
        ? callConsole(consoleApi.consoleContentBulletinsUpdate, { ...body(), id: bulletin.id })
        : callConsole(consoleApi.consoleContentBulletinsCreate, body()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contentKey });
      onClose();
    },
  });
  const setText = (l: Language, field: 'title' | 'content' | 'link', value: string) =>
    setDraft((d) => {
      const cur = d.texts[l] ?? { title: '', content: '', link: null };
      return { ...d, texts: { ...d.texts, [l]: { ...cur, [field]: value } } };
    });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={phone ?? false}
      title={bulletin ? t('bulletins.editTitle', { id: bulletin.id }) : t('bulletins.newTitle')}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimePicker
              label={t('bulletins.beginsAt')}
              value={toPicker(draft.beginsAt)}
              onChange={(v) => v && setDraft((d) => ({ ...d, beginsAt: fromPicker(v) }))}
              valueFormat="YYYY-MM-DD HH:mm"
            />
            <DateTimePicker
              label={t('bulletins.endsAt')}
              description={t('bulletins.endsAtHint')}
              value={draft.endsAt === null ? null : toPicker(draft.endsAt)}
              onChange={(v) => setDraft((d) => ({ ...d, endsAt: v ? fromPicker(v) : null }))}
              valueFormat="YYYY-MM-DD HH:mm"
              clearable
              error={badSchedule ? t('bulletins.scheduleInvalid') : undefined}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Switch
              label={t('bulletins.active')}
              checked={draft.active}
              onChange={(e) => {
                const active = e.currentTarget.checked;
                setDraft((d) => ({ ...d, active }));
              }}
            />
            <Switch
              label={t('bulletins.pinned')}
              description={t('bulletins.pinnedHint')}
              checked={draft.pinned}
              onChange={(e) => {
                const pinned = e.currentTarget.checked;
                setDraft((d) => ({ ...d, pinned }));
              }}
            />
          </Group>
          <LanguageTabs missing={missing} value={language} onChange={setLanguage}>
            {(l) => (
              <Stack gap="sm">
                <TextInput
                  label={t('fields.title', { language: t(`languages.${l}`) })}
                  value={draft.texts[l]?.title ?? ''}
                  onChange={(e) => setText(l, 'title', e.currentTarget.value)}
                  maxLength={200}
                  lang={l}
                />
                <Textarea
                  label={t('fields.text', { language: t(`languages.${l}`) })}
                  value={draft.texts[l]?.content ?? ''}
                  onChange={(e) => setText(l, 'content', e.currentTarget.value)}
                  autosize
                  minRows={3}
                  maxLength={1000}
                  lang={l}
                />
                <TextInput
                  label={t('fields.link', { language: t(`languages.${l}`) })}
                  description={t('bulletins.linkHint')}
                  placeholder="/main/event"
                  value={draft.texts[l]?.link ?? ''}
                  onChange={(e) => setText(l, 'link', e.currentTarget.value)}
                  error={
                    draft.texts[l]?.link && !LINK.test(draft.texts[l]?.link ?? '')
                      ? t('bulletins.linkInvalid')
                      : undefined
                  }
                />
                <Paper withBorder p="sm" radius="sm" bg="yellow.0" aria-label={t('preview.title')}>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t('preview.title')}
                  </Text>
                  <Text fw={600} size="sm">
                    {draft.texts[l]?.title || draft.texts['en-US']?.title || t('preview.noTitle')}
                  </Text>
                  <Text size="sm">{draft.texts[l]?.content || draft.texts['en-US']?.content}</Text>
                </Paper>
              </Stack>
            )}
          </LanguageTabs>
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(save.error))}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={badLink || badSchedule}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EditBulletin({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useQuery(bulletinQuery(id));
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return q.data ? <BulletinEditor bulletin={q.data} onClose={onClose} /> : null;
}

export function BulletinsTab() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<BulletinStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = useQuery(bulletinsQuery(status === 'all' ? undefined : status, page));
  const remove = useMutation({
    mutationFn: (id: number) => callConsole(consoleApi.consoleContentBulletinsDelete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / CONTENT_PAGE_SIZE)) : 1;
  const row = (b: ConsoleBulletinItem) => (
    <Table.Tr key={b.id}>
      <Table.Td>
        <Button variant="subtle" size="compact-sm" px={0} onClick={() => setEditing(b.id)}>
          <Text size="sm" fw={600} lineClamp={1} maw={300}>
            {b.title}
          </Text>
        </Button>
        {b.pinned && (
          <Badge size="xs" color="grape" variant="light" ml={6}>
            {t('bulletins.pinned')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={b.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {formatDateTime(b.beginsAt, language)} –{' '}
          {b.endsAt === null ? t('bulletins.noEnd') : formatDateTime(b.endsAt, language)}
        </Text>
      </Table.Td>
      <Table.Td>
        <MissingBadge missing={b.missingLanguages} />
      </Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={t('bulletins.delete', { title: b.title })}
          onClick={() => {
            if (window.confirm(t('bulletins.confirmDelete', { title: b.title })))
              remove.mutate(b.id);
          }}
        >
          {t('actions.delete')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={t('filters.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          data={(['all', 'live', 'scheduled', 'ended', 'draft'] as const).map((s) => ({
            value: s,
            label: s === 'all' ? t('filters.all') : t(`status.${s}`),
          }))}
        />
        <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing('new')}>
          {t('bulletins.new')}
        </Button>
      </Group>
      {remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {tc(errorTranslationKey(remove.error))}
        </Alert>
      )}
      {list.isPending && <PageLoader />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.list.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('bulletins.empty')}
        </Text>
      )}
      {list.data && list.data.list.length > 0 && (
        <TableScroll minWidth={680} label={t('bulletins.tableLabel')}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.title')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.schedule')}</Table.Th>
                <Table.Th>{t('columns.languages')}</Table.Th>
                <Table.Th pos="relative">
                  <span className="hc-visually-hidden">{t('columns.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{list.data.list.map(row)}</Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
      {editing === 'new' && <BulletinEditor onClose={() => setEditing(null)} />}
      {typeof editing === 'number' && (
        <EditBulletin id={editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
