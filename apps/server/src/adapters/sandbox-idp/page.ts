// HTML of the sandbox identity provider (a developer-only page, English only): the sign-in
// screen with its demo identities and custom form, the form_post return page, error and index
// pages. Inline <style> only; the one script (auto-submit of a form_post) is a same-origin file,
// as the Content-Security-Policy allows no inline script.
import type { SocialProvider } from '@hc/contract';
import { SANDBOX_IDP_PATH } from '../../config/social-sandbox';
import { escapeHtml } from '../../lib/escape-html';
import {
  DEMO_IDENTITIES,
  EMAIL_MAX,
  initials,
  NAME_MAX,
  type CustomIdentityError,
} from './identities';

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  wechat: 'WeChat',
};

const ACCENT: Record<SocialProvider, { bg: string; fg: string }> = {
  google: { bg: '#1a73e8', fg: '#fff' },
  apple: { bg: '#000', fg: '#fff' },
  facebook: { bg: '#0866ff', fg: '#fff' },
  wechat: { bg: '#07804a', fg: '#fff' },
};

/** What the protocol shares, in the words of the screen. */
const SHARES: Record<SocialProvider, string> = {
  google: 'OpenID Connect: your name, email address and a Google account id.',
  apple: 'OpenID Connect (form_post): an Apple id, your email and, the first time, your name.',
  facebook: 'OAuth 2.0 + Graph API: your Facebook id, name and email address.',
  wechat: 'WeChat QR login: your openid, unionid and nickname (WeChat shares no email).',
};

export const FORM_POST_SCRIPT_PATH = `${SANDBOX_IDP_PATH}/form-post.js`;

/** Submits the form_post return form; without JavaScript the player presses its button. */
export const FORM_POST_SCRIPT = `document.getElementById('form-post')?.submit();\n`;

const ERROR_TEXT: Record<CustomIdentityError, string> = {
  nameRequired: 'Enter a name.',
  nameTooLong: `Use at most ${NAME_MAX} ordinary characters for the name.`,
  emailInvalid: 'Enter a valid email address, or leave it empty.',
};

const style = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans",sans-serif;background:#eef0f4;color:#111827}
main{max-width:30rem;margin:0 auto;padding:1rem 1rem 2rem}
.banner{display:flex;gap:.5rem;align-items:flex-start;background:#fef3c7;color:#78350f;border:2px dashed #b45309;border-radius:.5rem;padding:.625rem .875rem;margin:0;font-weight:600;font-size:.9375rem}
.banner strong{white-space:nowrap}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(15,23,42,.06);padding:1.25rem;margin-top:1rem}
.head{display:flex;align-items:center;gap:.75rem;margin-bottom:.5rem}
.logo{flex:none;display:grid;place-items:center;width:2.75rem;height:2.75rem;border-radius:.625rem;background:var(--accent);color:var(--accent-fg);font-weight:800;font-size:1.25rem}
h1{font-size:1.375rem;line-height:1.25;margin:0}
.sub{margin:0;color:#4b5563;font-size:.875rem}
h2{font-size:1rem;margin:1.25rem 0 .5rem}
p{margin:.5rem 0}
.muted{color:#4b5563;font-size:.875rem}
code{font:0.8125rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f3f4f6;border-radius:.25rem;padding:.0625rem .25rem;overflow-wrap:anywhere}
ul.ids{list-style:none;margin:0;padding:0;border:1px solid #e5e7eb;border-radius:.625rem}
ul.ids li+li{border-top:1px solid #e5e7eb}
.id{display:flex;align-items:center;gap:.75rem;padding:.75rem}
.id form{margin:0 0 0 auto}
.avatar{flex:none;display:grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:50%;background:#e0e7ff;color:#3730a3;font-weight:700}
.who{min-width:0}
.who strong{display:block}
.who span{display:block;color:#4b5563;font-size:.875rem;overflow-wrap:anywhere}
button,.button{display:inline-block;font:inherit;font-weight:700;padding:.5rem 1rem;border:0;border-radius:.375rem;cursor:pointer;text-decoration:none;text-align:center}
.primary{background:var(--accent);color:var(--accent-fg)}
.primary:hover{filter:brightness(1.12)}
.secondary{background:#fff;color:#1f2937;border:1px solid #9ca3af}
.secondary:hover{background:#f9fafb}
.wide{width:100%;margin-top:1rem;padding:.75rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #6b7280;border-radius:.375rem}
input[aria-invalid=true]{border-color:#b91c1c}
.error{color:#b91c1c;font-weight:600}
.actions{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin-top:1.25rem;padding-top:1rem;border-top:1px solid #e5e7eb}
.actions form{margin:0}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
footer{margin-top:1rem;text-align:center;color:#4b5563;font-size:.8125rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:#4b5563}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:420px){.id{flex-wrap:wrap}.id form{flex:1 0 calc(100% - 3.25rem);margin-left:3.25rem}.id form button{width:100%}}
`;

function layout(title: string, body: string, provider?: SocialProvider): string {
  const accent = ACCENT[provider ?? 'google'];
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} · Sandbox sign-in (test mode)</title>` +
    `<style>${style}:root{--accent:${accent.bg};--accent-fg:${accent.fg}}</style></head>` +
    `<body><main><p class="banner" role="note"><span><strong>Sandbox sign-in (test mode).</strong> ` +
    `This is not the real ${escapeHtml(provider ? PROVIDER_NAMES[provider] : 'provider')}: HC Portal's built-in ` +
    `sandbox identity provider. Nothing leaves this server.</span></p>${body}` +
    `<footer>Sandbox identity provider · SOCIAL_SANDBOX=true · never on in production</footer>` +
    `</main></body></html>`
  );
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

function header(provider: SocialProvider, title: string, sub: string): string {
  return (
    `<div class="head"><span class="logo" aria-hidden="true">${escapeHtml(PROVIDER_NAMES[provider][0] ?? '')}</span>` +
    `<div><h1 id="title">${escapeHtml(title)}</h1><p class="sub">${escapeHtml(sub)}</p></div></div>`
  );
}

export interface SignInPage {
  provider: SocialProvider;
  /** The POST target (the provider's authorize endpoint). */
  action: string;
  /** The original authorization request's query, carried through the forms. */
  request: string;
  clientId: string;
  /** Where the answer goes (the portal's callback). */
  returnTo: string;
  custom?: { name: string; email: string; error: CustomIdentityError };
}

export function renderSignInPage(p: SignInPage): string {
  const name = PROVIDER_NAMES[p.provider];
  const common = hidden('request', p.request);
  const rows = DEMO_IDENTITIES.map(
    (identity) =>
      `<li class="id"><span class="avatar" aria-hidden="true">${escapeHtml(initials(identity.name))}</span>` +
      `<span class="who"><strong>${escapeHtml(identity.name)}</strong>` +
      `<span>${escapeHtml(p.provider === 'wechat' ? 'no email (WeChat)' : (identity.email ?? ''))}</span></span>` +
      `<form method="post" action="${escapeHtml(p.action)}">${common}${hidden('identity', identity.key)}` +
      `<button type="submit" class="primary">Continue<span class="vh"> as ${escapeHtml(identity.name)}</span></button></form></li>`,
  ).join('');
  const invalid = p.custom?.error;
  const nameInvalid = invalid === 'nameRequired' || invalid === 'nameTooLong';
  const body =
    `<section class="card" aria-labelledby="title">` +
    header(p.provider, `Sign in with ${name}`, 'Sandbox identity provider') +
    `<p class="muted">${escapeHtml(SHARES[p.provider])} Returns to <code>${escapeHtml(p.returnTo)}</code>.</p>` +
    `<h2 id="demo-ids">Choose a demo identity</h2>` +
    `<ul class="ids" aria-labelledby="demo-ids">${rows}</ul>` +
    `<h2 id="custom">Or use a custom identity</h2>` +
    `<form method="post" action="${escapeHtml(p.action)}" novalidate aria-labelledby="custom">${common}` +
    hidden('identity', 'custom') +
    (invalid === undefined
      ? ''
      : `<p id="custom-error" class="error" role="alert">${escapeHtml(ERROR_TEXT[invalid])}</p>`) +
    `<label for="custom-name">Name</label>` +
    `<input id="custom-name" name="name" autocomplete="off" required maxlength="${NAME_MAX}" value="${escapeHtml(p.custom?.name ?? '')}"` +
    `${nameInvalid ? ' aria-invalid="true" aria-describedby="custom-error"' : ''}>` +
    `<label for="custom-email">Email <span class="muted">(optional${p.provider === 'wechat' ? '; WeChat does not share it' : ''})</span></label>` +
    `<input id="custom-email" name="email" type="email" autocomplete="off" maxlength="${EMAIL_MAX}" value="${escapeHtml(p.custom?.email ?? '')}"` +
    `${invalid === 'emailInvalid' ? ' aria-invalid="true" aria-describedby="custom-error"' : ''}>` +
    `<p class="muted">The same name or email signs in as the same ${escapeHtml(name)} account again.</p>` +
    `<button type="submit" class="primary wide">Continue</button></form>` +
    `<div class="actions"><span class="muted">Client <code>${escapeHtml(p.clientId)}</code></span>` +
    `<form method="post" action="${escapeHtml(p.action)}">${common}${hidden('identity', 'cancel')}` +
    `<button type="submit" class="secondary">Cancel</button></form></div>` +
    `</section>`;
  return layout(`Sign in with ${name}`, body, p.provider);
}

/** Apple's response_mode=form_post: a form to the portal's callback, sent by a script. */
export function renderFormPostPage(
  provider: SocialProvider,
  action: string,
  fields: Record<string, string>,
): string {
  const body =
    `<section class="card" aria-labelledby="title">` +
    header(provider, 'Returning to HC Portal…', `Sign in with ${PROVIDER_NAMES[provider]}`) +
    `<form id="form-post" method="post" action="${escapeHtml(action)}">` +
    Object.entries(fields)
      .map(([k, v]) => hidden(k, v))
      .join('') +
    `<p class="muted">The answer is sent to <code>${escapeHtml(action)}</code> by a form POST.</p>` +
    `<button type="submit" class="primary wide">Continue to HC Portal</button></form></section>` +
    `<script src="${FORM_POST_SCRIPT_PATH}"></script>`;
  return layout('Returning to HC Portal', body, provider);
}

export function renderErrorPage(provider: SocialProvider, error: string, detail: string): string {
  const body =
    `<section class="card" aria-labelledby="title">` +
    header(
      provider,
      'This sign-in request is invalid',
      `Sign in with ${PROVIDER_NAMES[provider]}`,
    ) +
    `<p class="error" role="alert"><code>${escapeHtml(error)}</code> ${escapeHtml(detail)}</p>` +
    `<p class="muted">A real provider shows an error like this one too and does not return to the site.</p>` +
    `</section>`;
  return layout('Invalid request', body, provider);
}

/** GET /dev/sandbox-idp: what the sandbox serves, with each provider's endpoints. */
export function renderIndexPage(
  providers: readonly { provider: SocialProvider; rows: readonly [string, string][] }[],
): string {
  const sections = providers
    .map(
      ({ provider, rows }) =>
        `<h2>${escapeHtml(PROVIDER_NAMES[provider])}</h2><dl>` +
        rows
          .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd><code>${escapeHtml(v)}</code></dd>`)
          .join('') +
        `</dl>`,
    )
    .join('');
  const body =
    `<section class="card" aria-labelledby="title"><h1 id="title">Sandbox identity provider</h1>` +
    `<p class="muted">Stands in for the providers below, which have no client id of their own. ` +
    `Start a sign-in from the portal's login page.</p>` +
    (sections === '' ? '<p>No provider uses the sandbox.</p>' : sections) +
    `<a class="button secondary wide" href="/login">Open the login page</a></section>`;
  return layout('Sandbox identity provider', body);
}
