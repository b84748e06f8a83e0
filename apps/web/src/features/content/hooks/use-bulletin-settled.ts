// The pinned bulletin sits above every /main page, so a bulletin that arrives after the page has
// painted pushes the whole page down (a layout shift of ~0.19 in Lighthouse on the top-up page,
// docs/frontend-budgets.md). The bulletin call starts with the start-up calls
// (app/landing-prefetch.ts), so it is almost always answered before the page's chunk has
// loaded; the layout waits for it at most BULLETIN_WAIT_MS before showing the page anyway.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bulletinQuery } from '../api/content-api';
import { useContentLang } from './use-content-lang';

export const BULLETIN_WAIT_MS = 1000;

/**
 * True once the bulletin has answered (or failed once), or after BULLETIN_WAIT_MS; and true from
 * then on. Only the first paint waits: a language switch asks for the bulletin again (its key
 * has the language), and hiding the page meanwhile would unmount it and lose what the player
 * had chosen (the top-up choices were once cleared by a switch).
 */
export function useBulletinSettled(): boolean {
  const lang = useContentLang();
  const query = useQuery(bulletinQuery(lang));
  const answered = !query.isPending || query.failureCount > 0;
  const [waited, setWaited] = useState(false);
  // Latched during render (React's "adjust state when a prop changes"), not in an effect.
  const [settled, setSettled] = useState(false);
  if ((answered || waited) && !settled) setSettled(true);
  useEffect(() => {
    if (answered) return;
    const timer = setTimeout(() => setWaited(true), BULLETIN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [answered]);
  return settled || answered || waited;
}
