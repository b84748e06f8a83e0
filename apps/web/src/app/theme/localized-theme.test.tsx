// Mantine has no UI text: pagination and calendar controls get our translated labels, and
// dates follow the language (dayjs locale, first day of the week) — docs/product/languages.md, ARCHITECTURE.md#web-app.
import { Pagination } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { render, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { UiEnvContext } from '../ui-env';
import { UiProviders } from '../ui-providers';

function renderControls() {
  return render(
    <UiEnvContext value="test">
      <UiProviders>
        <Pagination total={5} withEdges />
        <Calendar defaultDate="2026-03-01" />
      </UiProviders>
    </UiEnvContext>,
  );
}

describe('localized Mantine components', () => {
  it('labels pagination and calendar controls in English by default', () => {
    renderControls();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByText('March 2026')).toBeInTheDocument();
  });

  it('switches labels, month names and the first weekday with the language', async () => {
    await changeLanguage('de-DE');
    expect(dayjs.locale()).toBe('de');
    expect(document.documentElement.lang).toBe('de-DE');
    const { container } = renderControls();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächster Monat' })).toBeInTheDocument();
    expect(screen.getByText('März 2026')).toBeInTheDocument();
    const weekdays = within(container.querySelector('thead') ?? container).getAllByRole(
      'columnheader',
    );
    expect(weekdays[0]).toHaveTextContent(/^Mo/); // de-DE weeks start on Monday
  });

  it('uses Chinese month headers and Sunday-first weeks for zh-TW', async () => {
    await changeLanguage('zh-TW');
    const { container } = renderControls();
    expect(screen.getByText('2026年3月')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一頁' })).toBeInTheDocument();
    const weekdays = within(container.querySelector('thead') ?? container).getAllByRole(
      'columnheader',
    );
    expect(weekdays[0]).toHaveTextContent('日');
  });
});
