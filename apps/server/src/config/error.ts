// The error a bad configuration stops the start with: every problem found, in one message.
export interface Problem {
  readonly variable: string;
  readonly message: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<Problem>) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}
