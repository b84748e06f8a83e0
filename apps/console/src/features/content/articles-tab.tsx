// The article list: filters (type, status, title, missing languages), a paged table with status,
// pinned and missing-language badges; a row opens the editor, "New article" an empty one.
import {
  consoleApi,
  type ArticleStatus,
  type ArticleTypeValue,
  type ConsoleArticleItem,
} from '@hc/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DotsIcon, PlusIcon } from '../../components/icons';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { callConsole } from '../../lib/api';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ARTICLE_TYPES, ArticleEditor } from './article-editor';
import {
  articleQuery,
  articlesQuery,
  CONTENT_PAGE_SIZE,
  contentKey,
  type ArticleFilter,
} from './content-api';
import { MissingBadge } from './language-tabs';

const STATUS_COLOR: Record<ArticleStatus, string> = {
  live: 'teal',
  scheduled: 'blue',
  draft: 'gray',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('content');
  const color =
    (STATUS_COLOR as Record<string, string>)[status] ?? (status === 'ended' ? 'dark' : 'gray');
  return (
    <Badge color={color} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Loads one article, then shows its editor. */
function EditArticle({ id, onClose }: { id: number; onClose: () => void }) {
  const article = useQuery(articleQuery(id));
  if (article.isError)
    return <LoadError error={article.error} onRetry={() => void article.refetch()} />;
  if (!article.data) return null;
  return <ArticleEditor article={article.data} opened onClose={onClose} />;
}

export function ArticlesTab() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ArticleFilter>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = useQuery(articlesQuery(filter, page));
  const remove = useMutation({
    mutationFn: (id: number) => callConsole(consoleApi.consoleContentArticlesDelete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
  const change = (next: ArticleFilter) => {
    setFilter(next);
    setPage(1);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / CONTENT_PAGE_SIZE)) : 1;

  const row = (a: ConsoleArticleItem) => (
    <Table.Tr key={a.id}>
      <Table.Td>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={() => setEditing(a.id)}
          aria-label={t('articles.open', { title: a.title })}
        >
          <Text size="sm" fw={600} lineClamp={1} maw={320}>
            {a.title || t('preview.noTitle')}
          </Text>
        </Button>
        <Group gap={4} mt={2}>
          <Text size="xs" c="dimmed">
            {t(`types.${a.type}`)} · #{a.id}
          </Text>
          {a.pinned && (
            <Badge size="xs" color="grape" variant="light">
              {t('articles.pinned')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={a.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(a.publishedAt, language)}</Text>
      </Table.Td>
      <Table.Td>
        <MissingBadge missing={a.missingLanguages} />
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('actions.more', { title: a.title })}
            >
              <DotsIcon size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setEditing(a.id)}>{t('actions.edit')}</Menu.Item>
            <Menu.Item
              color="red"
              onClick={() => {
                if (window.confirm(t('articles.confirmDelete', { title: a.title })))
                  remove.mutate(a.id);
              }}
            >
              {t('actions.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing('new')}>
          {t('articles.new')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label={t('articles.type')}
          placeholder={t('filters.all')}
          data={ARTICLE_TYPES.map((v) => ({ value: String(v), label: t(`types.${v}`) }))}
          value={filter.type ? String(filter.type) : null}
          onChange={(v) => {
            const { type: _type, ...rest } = filter;
            change(v ? { ...rest, type: Number(v) as ArticleTypeValue } : rest);
          }}
          clearable
        />
        <Select
          label={t('filters.status')}
          placeholder={t('filters.all')}
          data={(['live', 'scheduled', 'draft'] as const).map((s) => ({
            value: s,
            label: t(`status.${s}`),
          }))}
          value={filter.status ?? null}
          onChange={(v) => {
            const { status: _status, ...rest } = filter;
            change(v ? { ...rest, status: v } : rest);
          }}
          clearable
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const { search: _s, ...rest } = filter;
            change(search.trim() ? { ...rest, search: search.trim() } : rest);
          }}
        >
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
          />
        </form>
        <Checkbox
          mt={{ base: 0, md: 30 }}
          label={t('filters.missing')}
          checked={filter.missing ?? false}
          onChange={(e) => {
            const { missing: _m, ...rest } = filter;
            change(e.currentTarget.checked ? { ...rest, missing: true } : rest);
          }}
        />
      </SimpleGrid>
      {remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {tc(errorTranslationKey(remove.error))}
        </Alert>
      )}
      {list.isPending && <PageLoader />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.list.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('articles.empty')}
        </Text>
      )}
      {list.data && list.data.list.length > 0 && (
        <TableScroll minWidth={640} label={t('articles.tableLabel')}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.title')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.publishedAt')}</Table.Th>
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
      {editing === 'new' && (
        <ArticleEditor article={undefined} opened onClose={() => setEditing(null)} />
      )}
      {typeof editing === 'number' && <EditArticle id={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
