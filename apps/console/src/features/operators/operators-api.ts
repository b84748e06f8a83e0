// Operator management calls (owner only) and the list's query key.
import { consoleApi, type CallBody } from '@hc/contract';
import { queryOptions } from '@tanstack/react-query';
import { callConsole } from '../../lib/api';

export const OPERATORS_KEY = ['console', 'operators'] as const;

export const operatorsQuery = queryOptions({
  queryKey: OPERATORS_KEY,
  queryFn: ({ signal }) => callConsole(consoleApi.consoleOperatorsList, {}, { signal }),
});

export const inviteOperator = (body: CallBody<typeof consoleApi.consoleOperatorsInvite>) =>
  callConsole(consoleApi.consoleOperatorsInvite, body);
export const updateOperator = (body: CallBody<typeof consoleApi.consoleOperatorsUpdate>) =>
  callConsole(consoleApi.consoleOperatorsUpdate, body);
export const resetTwoFactor = (id: number) =>
  callConsole(consoleApi.consoleOperatorsResetTwoFactor, { id });
export const resendSetup = (id: number) =>
  callConsole(consoleApi.consoleOperatorsResendSetup, { id });
