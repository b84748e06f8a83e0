// The UI language as a query-key part: content queries refetch when the player switches language.
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

export function useContentLang(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? currentLanguage();
}
