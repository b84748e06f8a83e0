// The UI language as a query-key part: content queries refetch when the player switches language.
import { useQueryLanguage } from '../../../lib/query-language';

export function useContentLang(): string {
  return useQueryLanguage();
}
