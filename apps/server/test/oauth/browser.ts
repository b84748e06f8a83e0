// A minimal browser for provider pages: a cookie jar, manual redirects, and the dev-interaction
// login and consent forms of oidc-provider, until the provider sends us back to the portal.
export type ProviderReturn =
  { kind: 'redirect'; url: URL } | { kind: 'form_post'; action: URL; fields: URLSearchParams };

const decode = (v: string) =>
  v
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: URL, init: { method?: string; form?: URLSearchParams } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'manual',
      ...(init.form ? { body: init.form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  /** Follow the provider from `start` (log in as `login`, consent) until it returns to `portal`. */
  async signIn(start: URL, portal: string, login: string): Promise<ProviderReturn> {
    let res = await this.fetch(start);
    let url = start;
    for (let step = 0; step < 20; step++) {
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location !== null) {
        url = new URL(location, url);
        if (url.origin === portal) return { kind: 'redirect', url };
        res = await this.fetch(url);
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (res.status !== 200 || action === undefined)
        throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
      const target = new URL(decode(action), url);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (target.origin === portal && prompt === undefined) {
        const fields = new URLSearchParams();
        for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
          fields.set(m[1] ?? '', decode(m[2] ?? ''));
        return { kind: 'form_post', action: target, fields };
      }
      const form = new URLSearchParams({ prompt: prompt ?? '' });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'any');
      }
      url = target;
      res = await this.fetch(target, { method: 'POST', form });
    }
    throw new Error('too many provider steps');
  }
}
