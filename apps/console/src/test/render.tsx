// Renders the console at a path with the real routes and providers over a stubbed fetch:
// `handlers` answer console calls by path with a result (wrapped in the success envelope),
// `refuse(code)`, or a Response.
import {
  consoleApi,
  consoleExamples,
  ErrorCode,
  type ConsoleSession,
  type ErrorCodeName,
} from '@hc/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { createRoutes } from '../app/router';

export interface Refusal {
  refuse: ErrorCodeName;
  status?: number;
}
export const refuse = (name: ErrorCodeName, status = 200): Refusal => ({ refuse: name, status });

/** A result (wrapped in the success envelope), a Refusal or a whole Response. */
type Answer = unknown;
export type Handler = (body: Record<string, unknown>, headers: Headers) => Answer;

export interface Call {
  path: string;
  body: Record<string, unknown>;
  headers: Headers;
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refuse' in value;
}

export function stubConsoleApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const raw = typeof init?.body === 'string' ? init.body : '{}';
    const body = JSON.parse(raw) as Record<string, unknown>;
    const headers = new Headers(init?.headers);
    calls.push({ path, body, headers });
    const handler = handlers[path];
    if (!handler) return Response.json({ code: ErrorCode.NotFound, msg: 'not stubbed' });
    const answer = await handler(body, headers);
    if (answer instanceof Response) return answer;
    if (isRefusal(answer))
      return Response.json(
        { code: ErrorCode[answer.refuse], msg: answer.refuse },
        { status: answer.status ?? 200 },
      );
    return Response.json({ code: 0, msg: 'ok', result: answer });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ownerSession: ConsoleSession = {
  ...consoleExamples.consoleSessionMe.result,
  csrfToken: 'csrf-test-token',
};

export function sessionWith(operator: Partial<ConsoleSession['operator']>): ConsoleSession {
  return { ...ownerSession, operator: { ...ownerSession.operator, ...operator } };
}

export const signedOut: Handler = () => refuse('ConsoleSessionExpired', 401);

export function renderConsole(path: string, handlers: Record<string, Handler>) {
  const api = stubConsoleApi({
    [consoleApi.consoleSessionMe.path]: () => ownerSession,
    ...handlers,
  });
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, user, api };
}
