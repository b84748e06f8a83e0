// Every call of the contract, the player `api` and the `consoleApi` together, with its example:
// what the OpenAPI document, the docs page and the server's fuzzing iterate.
import { apiEntries, type ApiName } from './api';
import type { ApiCall } from './call';
import { consoleEntries, type ConsoleCallName } from './console/api';
import { consoleExamples } from './console/examples';
import { apiExamples } from './examples';

export type AnyCallName = ApiName | ConsoleCallName;

export function allCallEntries(): Array<[AnyCallName, ApiCall]> {
  return [...apiEntries(), ...consoleEntries()];
}

/** The example body and result of any call. */
export function exampleOf(name: AnyCallName): { body: unknown; result: unknown } {
  return name in consoleExamples
    ? consoleExamples[name as ConsoleCallName]
    : apiExamples[name as ApiName];
}
