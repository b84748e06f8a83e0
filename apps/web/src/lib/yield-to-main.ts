// Ends the current task and continues in a new one, so the browser can paint and handle input in
// between (docs/frontend-budgets.md#start-up-in-short-tasks). Chromium's scheduler.yield keeps the
// continuation ahead of other queued work; elsewhere a message-channel task does the same job
// without setTimeout's 4 ms clamp.

interface SchedulerWithYield {
  yield(): Promise<void>;
}

function scheduler(): SchedulerWithYield | undefined {
  const candidate = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  return typeof candidate?.yield === 'function' ? (candidate as SchedulerWithYield) : undefined;
}

export function yieldToMain(): Promise<void> {
  const native = scheduler();
  if (native) return native.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
