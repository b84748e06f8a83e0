// The Content section: the article list with status and missing-language badges, the article
// editor's language tabs (a "missing" badge on each language without title or body, gone once
// written), the save call, and the preview showing the server's sanitised HTML in the chosen
// language.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../test/render';

const list = consoleApi.consoleContentArticlesList.path;
const get = consoleApi.consoleContentArticlesGet.path;
const update = consoleApi.consoleContentArticlesUpdate.path;
const preview = consoleApi.consoleContentArticlesPreview.path;
const article = consoleExamples.consoleContentArticlesGet.result;

describe('content section', () => {
  it('lists articles with status and missing translations, edits one per language and previews it', async () => {
    const { user, api } = renderConsole('/content', {
      [list]: () => consoleExamples.consoleContentArticlesList.result,
      [get]: () => article,
      [update]: (body) => ({ ...article, ...body }),
      [preview]: (body) => ({
        id: 12,
        title: body.language === 'zh-CN' ? '冬日庆典' : 'Winter festival',
        content: '<p>Snow, <strong>gifts</strong></p>',
        img: null,
        type: 2,
        create_ts: 1_767_225_600,
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Live')).toBeVisible();
    expect(within(table).getByText('7 languages missing')).toBeVisible();

    await user.click(within(table).getByRole('button', { name: 'Edit Winter festival' }));
    const dialog = await screen.findByRole('dialog', { name: 'Article #12' });
    const tabs = within(dialog).getByRole('tablist', { name: 'Languages' });
    // English and Simplified Chinese are written; the seven others are marked missing.
    expect(within(tabs).getByRole('tab', { name: /English/ })).not.toHaveTextContent('missing');
    expect(within(tabs).getByRole('tab', { name: /简体中文/ })).not.toHaveTextContent('missing');
    expect(within(tabs).getByRole('tab', { name: /Deutsch/ })).toHaveTextContent('missing');
    expect(within(dialog).getByText(/Missing translations/)).toHaveTextContent('Deutsch');
    expect(within(dialog).getByRole('toolbar', { name: 'Formatting' })).toBeVisible();

    // Writing the German title only: still missing (no body).
    await user.click(within(tabs).getByRole('tab', { name: /Deutsch/ }));
    await user.type(within(dialog).getByLabelText('Title (Deutsch)'), 'Winterfest');
    expect(within(tabs).getByRole('tab', { name: /Deutsch/ })).toHaveTextContent('missing');
    expect(within(dialog).getByRole('textbox', { name: 'Body (Deutsch)' })).toBeInTheDocument();

    // The preview asks the server for the player's view of the unsaved article.
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const shown = await screen.findByRole('dialog', { name: 'Preview' });
    expect(await within(shown).findByRole('heading', { name: 'Winter festival' })).toBeVisible();
    expect(within(shown).getByText('gifts').tagName).toBe('STRONG');
    const sent = api.calls.filter((c) => c.path === preview).at(-1);
    expect(sent?.body).toMatchObject({ id: 12, language: 'de-DE' });
    expect((sent?.body.draft as { texts: Record<string, unknown> }).texts).toHaveProperty('de-DE');
    await user.click(within(shown).getByRole('button', { name: 'Close' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === update)).toBe(true));
    const saved = api.calls.find((c) => c.path === update);
    expect(saved?.body).toMatchObject({ id: 12, type: 2, pinned: true });
    expect(saved?.headers.get('x-csrf-token')).toBe('csrf-test-token');
  });

  it('marks every language but a written English one as missing in a new article', async () => {
    const { user } = renderConsole('/content', {
      [list]: () => ({ list: [], total: 0, page: 1, size: 20 }),
    });
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    const dialog = await screen.findByRole('dialog', { name: 'New article' });
    const tabs = within(dialog).getByRole('tablist', { name: 'Languages' });
    expect(within(tabs).getAllByText('missing')).toHaveLength(9);
    expect(within(dialog).getByText(/English title and text are required/)).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Title \(English\)/), 'Hello');
    expect(within(tabs).getAllByText('missing')).toHaveLength(9);
  });
});
