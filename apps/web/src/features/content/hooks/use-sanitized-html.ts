// Sanitises server HTML in the browser before it is rendered (see utils/sanitize.ts).
// Returns null until DOMPurify has loaded; never returns unsanitised HTML.
import { useEffect, useState } from 'react';
import { loadSanitizer } from '../utils/sanitize';

export function useSanitizedHtml(html: string | undefined): string | null {
  const [state, setState] = useState<{ source: string; clean: string } | null>(null);
  useEffect(() => {
    if (html === undefined) return;
    let live = true;
    loadSanitizer().then(
      (sanitize) => {
        if (live) setState({ source: html, clean: sanitize(html) });
      },
      () => {
        // Without the sanitiser nothing is rendered as HTML.
        if (live) setState({ source: html, clean: '' });
      },
    );
    return () => {
      live = false;
    };
  }, [html]);
  return state && state.source === html ? state.clean : null;
}
