// Request context that lives outside the API client so the entry can set it without loading
// the client (and zod): the UI language, sent as the `lang` header.

let requestLanguage = '';

export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}

export function getRequestLanguage(): string {
  return requestLanguage;
}
