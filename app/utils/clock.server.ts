let current: () => Date = () => new Date();

/** The time the session code works with; tests move it instead of sleeping. */
export function now(): Date {
  return current();
}

/** Replaces the clock until the returned function is called. */
export function setClock(clock: () => Date): () => void {
  current = clock;
  return () => {
    current = () => new Date();
  };
}
