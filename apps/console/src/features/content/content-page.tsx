// The Content section (docs/console.md#content): tabs Articles / Bulletins / Home / Pages, the
// tab kept in the address (?tab=) so a reload or a shared link opens the same one.
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ArticlesTab } from './articles-tab';
import { BulletinsTab } from './bulletins-tab';
import './content.css';
import { HomeTab } from './home-tab';
import { PagesTab } from './pages-tab';

const TABS = ['articles', 'bulletins', 'home', 'pages'] as const;
type Tab = (typeof TABS)[number];

export default function ContentPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '')
    ? (requested as Tab)
    : 'articles';
  return (
    <>
      <PageHeader title={tc('sections.content.title')} description={t('description')} />
      <Tabs
        value={tab}
        onChange={(v) => v && setParams(v === 'articles' ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {t(`tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="articles">
          <ArticlesTab />
        </Tabs.Panel>
        <Tabs.Panel value="bulletins">
          <BulletinsTab />
        </Tabs.Panel>
        <Tabs.Panel value="home">
          <HomeTab />
        </Tabs.Panel>
        <Tabs.Panel value="pages">
          <PagesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
