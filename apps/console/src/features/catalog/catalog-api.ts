// Catalog calls of the console (docs/console.md#catalog) and their query keys.
import { consoleApi, type CallBody, type Language, type PackKind } from '@hc/contract';
import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { callConsole } from '../../lib/api';

export const CATALOG_KEY = ['console', 'catalog'] as const;

export const packsQuery = (gameId: number | undefined, kind: PackKind) =>
  queryOptions({
    queryKey: [...CATALOG_KEY, 'packs', gameId ?? null, kind],
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleCatalogPacksList,
        gameId === undefined ? { kind } : { gameId, kind },
        { signal },
      ),
  });

export const previewQuery = (gameId: number, kind: PackKind, language: Language) =>
  queryOptions({
    queryKey: [...CATALOG_KEY, 'preview', gameId, kind, language],
    queryFn: ({ signal }) =>
      callConsole(consoleApi.consoleCatalogPreview, { gameId, kind, language }, { signal }),
  });

export const rebatesQuery = (gameId: number | undefined) =>
  queryOptions({
    queryKey: [...CATALOG_KEY, 'rebates', gameId ?? null],
    queryFn: ({ signal }) =>
      callConsole(consoleApi.consoleCatalogRebatesList, gameId === undefined ? {} : { gameId }, {
        signal,
      }),
  });

export const createPack = (body: CallBody<typeof consoleApi.consoleCatalogPackCreate>) =>
  callConsole(consoleApi.consoleCatalogPackCreate, body);
export const updatePack = (body: CallBody<typeof consoleApi.consoleCatalogPackUpdate>) =>
  callConsole(consoleApi.consoleCatalogPackUpdate, body);
export const createRebate = (body: CallBody<typeof consoleApi.consoleCatalogRebateCreate>) =>
  callConsole(consoleApi.consoleCatalogRebateCreate, body);
export const updateRebate = (body: CallBody<typeof consoleApi.consoleCatalogRebateUpdate>) =>
  callConsole(consoleApi.consoleCatalogRebateUpdate, body);

/** Decimals of a currency's minor unit (USD 2, JPY 0). */
export function currencyDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Integer minor units as money in `language`. */
export function formatMinor(minor: number, currency: string, language: string): string {
  const decimals = currencyDecimals(currency);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(
      minor / 10 ** decimals,
    );
  } catch {
    return `${(minor / 10 ** decimals).toFixed(decimals)} ${currency}`;
  }
}

export const toPicker = (s: number | null) =>
  s === null ? null : dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss');
export const fromPicker = (v: string | null) => (v ? dayjs(v).unix() : null);

/** Field errors from a refusal's `data.issues` (path → message), if any. */
export function issuesOf(error: unknown): Record<string, string> {
  const data = (error as { data?: unknown } | null)?.data;
  const issues = (data as { issues?: unknown } | undefined)?.issues;
  const out: Record<string, string> = {};
  if (Array.isArray(issues))
    for (const i of issues as Array<{ path?: unknown; message?: unknown }>)
      if (typeof i.path === 'string' && typeof i.message === 'string') out[i.path] ??= i.message;
  return out;
}
