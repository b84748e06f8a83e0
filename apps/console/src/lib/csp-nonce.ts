// The per-response style nonce. The server writes it into index.html (Vite's
// <meta property="csp-nonce">) and into the console's CSP; Mantine puts it on the <style>
// elements it renders (MantineProvider getStyleNonce), so style-src needs no 'unsafe-inline'.
// Browsers hide the nonce attribute once parsed: the `nonce` property keeps it.
const PLACEHOLDER = /^__\w+__$/;

export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce === '' || PLACEHOLDER.test(nonce) ? undefined : nonce;
}
