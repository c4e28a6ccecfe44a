/**
 * Lets the server hold new commands while it does something no command may overlap (unmapping the
 * data file): commands run freely until then, and a pause waits only briefly for the running ones.
 */
export class CommandGate {
  private running = 0;
  private paused: Promise<void> | null = null;
  private onIdle: (() => void) | null = null;

  async run<T>(command: () => Promise<T>): Promise<T> {
    while (this.paused) await this.paused;
    this.running += 1;
    try {
      return await command();
    } finally {
      this.running -= 1;
      if (this.running === 0) this.onIdle?.();
    }
  }

  /**
   * Runs `work` once no command runs, holding new ones until it ends. A running command may wait for
   * another one (a write waiting for a transaction's commit), so after `waitMs` it gives up and
   * returns false, having done nothing.
   */
  async exclusive(work: () => Promise<void>, waitMs: number): Promise<boolean> {
    if (this.paused) return false;
    let release!: () => void;
    this.paused = new Promise((resolve) => (release = resolve));
    try {
      if (this.running > 0) {
        const idle = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), waitMs);
          this.onIdle = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        this.onIdle = null;
        if (!idle) return false;
      }
      await work();
      return true;
    } finally {
      this.paused = null;
      release();
    }
  }
}
