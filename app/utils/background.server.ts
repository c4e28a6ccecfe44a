const running = new Set<Promise<void>>();

/**
 * Runs work after the response has been sent, so its duration (a database lookup that may find
 * nothing, an SMTP conversation) cannot be measured by the visitor. Failures are logged.
 */
export function runInBackground(name: string, work: () => Promise<void>): void {
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error) => console.error(`${name} failed`, error))
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves once no background work is left (tests wait for it instead of sleeping). */
export async function backgroundWorkDone(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
