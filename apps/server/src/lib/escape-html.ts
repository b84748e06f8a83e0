// Escaping for HTML the server writes itself (receipts, sandbox checkout, dev outbox): text and
// attribute values both, so a hostile item name or order number stays text.
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
