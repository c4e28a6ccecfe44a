/** A background loop of this process: it runs a step, and sleeps only when the step found nothing to do. */
export interface PollingLoop {
  /** Looks for work now instead of at the end of the idle wait. */
  wake(): void;
  /** Finishes the step under way (never cut in the middle) and stops. */
  stop(): Promise<void>;
}

/**
 * Runs `step` again and again until stopped. `step` answers whether it did some work; when it did not
 * (or failed, which is logged and tried again later), the loop waits `idleMs` or until woken.
 */
export function startPollingLoop(options: {
  step: () => Promise<boolean>;
  idleMs: number;
  /** Said when the step fails, e.g. «mail queue unavailable». */
  failure: string;
  log: (line: string) => void;
}): PollingLoop {
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, options.idleMs);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  const loop = (async () => {
    while (!stopping) {
      let worked = false;
      try {
        worked = await options.step();
      } catch (error) {
        options.log(`${options.failure}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!worked && !stopping) await sleep();
    }
  })();
  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}
