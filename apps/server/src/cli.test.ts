// `--role` parsing (ARCHITECTURE.md#jobs-and-the-worker).
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './cli';

describe('parseArgs', () => {
  it('defaults to all and accepts each role in both spellings', () => {
    expect(parseArgs([])).toEqual({ role: 'all' });
    expect(parseArgs(['--role=api'])).toEqual({ role: 'api' });
    expect(parseArgs(['--role', 'worker'])).toEqual({ role: 'worker' });
  });

  it('rejects unknown roles and arguments', () => {
    expect(() => parseArgs(['--role=boss'])).toThrow(UsageError);
    expect(() => parseArgs(['--role'])).toThrow('Missing value for --role');
    expect(() => parseArgs(['--port=1'])).toThrow('Unknown argument: --port=1');
  });
});
