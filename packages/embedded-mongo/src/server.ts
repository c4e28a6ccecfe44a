import fs from "node:fs";
import net from "node:net";
import { executeCommand } from "./commands/dispatch";
import { CursorRegistry } from "./commands/cursors";
import { CommandGate } from "./commands/gate";
import { DEFAULT_REPLICA_SET_NAME } from "./commands/replication";
import { SessionRegistry } from "./commands/sessions";
import { FailPoints } from "./commands/fail-points";
import type { ServerState } from "./commands/context";
import { residentFileBytes } from "./persist/mapped-memory";
import { Store } from "./persist/store";
import { Engine } from "./storage/engine";
import { Connection } from "./wire/connection";

export interface ServerOptions {
  port?: number;
  host?: string;
  /**
   * Listen on this Unix domain socket instead of TCP. The socket file is created owner-only (0600);
   * put it in a directory only the owner can enter, since connecting needs no credentials.
   */
  socketPath?: string;
  dbPath?: string;
  log?: (line: string) => void;
  /** How often TTL indexes are enforced (MongoDB: 60 s). */
  ttlIntervalMs?: number;
  /** Idle cursors are closed after this long (MongoDB: 10 minutes). */
  cursorTimeoutMs?: number;
  /** transactionLifetimeLimitSeconds, in milliseconds (MongoDB: 60 s). */
  transactionLifetimeMs?: number;
  /** Journal bytes after which a snapshot is written. */
  compactAfterBytes?: number;
  /** Write a snapshot when closing (default true). */
  snapshotOnClose?: boolean;
  /** Wall clock for the time limits above (tests move it instead of waiting). */
  now?: () => number;
  /** The replica set this one-member set reports (`?replicaSet=` in the connection string). */
  replicaSetName?: string;
  /** Accept MongoDB's test commands (configureFailPoint), as mongod's enableTestCommands; tests only. */
  enableTestCommands?: boolean;
  /**
   * With a data directory: how many bytes of the data file may stay mapped into the process before
   * they are unmapped (default 512 MB; Infinity never unmaps), checked every `mappedCheckMs` (default
   * 250 ms).
   */
  mappedBudgetBytes?: number;
  mappedCheckMs?: number;
}

/**
 * Checked four times a second, the file-backed memory overshoots the budget by at most a quarter of a
 * second of page faults, so a budget twice the earlier one (256 MB checked every second) keeps the same
 * peak resident memory with half the unmappings
 * (docs/decisions/318-embedded-database-unmaps-less-often.md).
 */
export const DEFAULT_MAPPED_BUDGET = 512 * 1024 * 1024;
export const DEFAULT_MAPPED_CHECK_MS = 250;
/** How long an unmapping waits for running commands before it tries again at the next check. */
const REMAP_WAIT_MS = 100;

/** The server: owns the engine, optional durable store, connections and housekeeping timers. */
export class EmbeddedServer {
  readonly engine: Engine;
  private readonly state: ServerState;
  private readonly server = net.createServer();
  private readonly connections = new Set<Connection>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly gate = new CommandGate();
  private store: Store | null = null;
  private mappedBaseline = 0;
  /** How many times the data file was unmapped (for the benchmark and the tests). */
  remaps = 0;
  private nextConnectionId = 1;
  private closing: Promise<void> | null = null;
  private readonly log: (line: string) => void;

  constructor(private readonly options: ServerOptions = {}) {
    this.log = options.log ?? (() => undefined);
    this.engine = new Engine({ transactionLifetimeMs: options.transactionLifetimeMs, now: options.now });
    this.state = {
      engine: this.engine,
      cursors: new CursorRegistry(options.cursorTimeoutMs ?? 10 * 60 * 1000, this.engine.now),
      sessions: new SessionRegistry(this.engine),
      startedAt: new Date(),
      port: 0,
      address: "",
      replicaSetName: options.replicaSetName ?? DEFAULT_REPLICA_SET_NAME,
      bootSeconds: Math.floor(Date.now() / 1000),
      failPoints: options.enableTestCommands ? new FailPoints() : null,
      appNames: new Map(),
    };
  }

  get replicaSetName(): string {
    return this.state.replicaSetName;
  }

  get port(): number {
    return this.state.port;
  }

  get recovery() {
    return this.store?.report ?? null;
  }

  async start(): Promise<number> {
    if (this.options.dbPath) {
      this.store = await Store.open(this.options.dbPath, this.engine, {
        compactAfterBytes: this.options.compactAfterBytes,
        snapshotOnClose: this.options.snapshotOnClose,
        log: this.log,
      });
    }
    this.server.on("connection", (socket) => {
      const connection = new Connection(
        socket,
        this.nextConnectionId++,
        (body, connectionId, defaultDb) =>
          this.gate.run(() => executeCommand(this.state, body, connectionId, defaultDb)),
        this.log,
      );
      this.connections.add(connection);
      socket.on("close", () => {
        this.connections.delete(connection);
        this.state.appNames.delete(connection.id);
      });
    });
    this.server.on("error", (error) => this.log(`server error: ${error.message}`));
    await this.listen().catch(async (error) => {
      await this.store?.close();
      throw error;
    });
    const address = this.server.address();
    this.state.port = typeof address === "object" && address ? address.port : 0;
    this.state.address = this.options.socketPath ?? `${this.options.host ?? "127.0.0.1"}:${this.state.port}`;
    this.every(this.options.ttlIntervalMs ?? 1000, () => this.engine.expireDocuments());
    this.every(1000, () => this.engine.expireTransactions());
    this.every(Math.min(60_000, this.options.cursorTimeoutMs ?? 60_000), () => this.expireIdleCursorsAndSessions());
    const baseline = this.store ? residentFileBytes() : null;
    if (baseline !== null && (this.options.mappedBudgetBytes ?? DEFAULT_MAPPED_BUDGET) !== Infinity) {
      this.mappedBaseline = baseline;
      this.every(this.options.mappedCheckMs ?? DEFAULT_MAPPED_CHECK_MS, () => void this.unmapOverBudget());
    }
    return this.state.port;
  }

  /**
   * LMDB reads the data file through a memory map, so every page a command touched stays in the
   * process's resident memory until it is unmapped; past the budget the file is closed and opened
   * again between commands (docs/decisions/290-embedded-database-mapped-pages-budget.md).
   */
  private async unmapOverBudget(): Promise<void> {
    const mapped = residentFileBytes();
    const budget = this.options.mappedBudgetBytes ?? DEFAULT_MAPPED_BUDGET;
    if (mapped === null || mapped - this.mappedBaseline <= budget) return;
    await this.remapNow();
  }

  /** Unmaps the data file now (between commands); false when running commands did not end in time. */
  async remapNow(): Promise<boolean> {
    const store = this.store;
    if (!store || this.closing) return false;
    try {
      // Counted inside the exclusive section, as the storage counts its reopenings, so a command
      // (serverStatus) never sees one counter ahead of the other.
      return await this.gate.exclusive(async () => {
        await store.remap();
        this.remaps += 1;
      }, REMAP_WAIT_MS);
    } catch (error) {
      this.log(`unmapping the data file failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** Runs every time limit now instead of on its timer: TTL deletion, transaction lifetime, idle cursors. */
  housekeep(): void {
    this.engine.expireDocuments();
    this.engine.expireTransactions();
    this.expireIdleCursorsAndSessions();
  }

  private expireIdleCursorsAndSessions(): void {
    this.state.cursors.expireIdle();
    this.state.sessions.expireIdle();
  }

  private async listen(): Promise<void> {
    const { socketPath } = this.options;
    if (socketPath) await removeStaleSocket(socketPath);
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.once("error", onError);
      const listening = () => {
        this.server.off("error", onError);
        resolve();
      };
      if (!socketPath) {
        this.server.listen(this.options.port ?? 0, this.options.host ?? "127.0.0.1", listening);
        return;
      }
      // The socket file is created by bind() inside listen(): the umask makes it 0600 from the start.
      const previous = process.umask(0o177);
      try {
        this.server.listen(socketPath, listening);
      } finally {
        process.umask(previous);
      }
    });
    if (socketPath) fs.chmodSync(socketPath, 0o600);
  }

  private every(ms: number, task: () => void): void {
    const timer = setInterval(() => {
      try {
        task();
      } catch (error) {
        this.log(`housekeeping failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const timer of this.timers) clearInterval(timer);
      await new Promise<void>((resolve) => {
        this.server.close(() => resolve());
        for (const connection of this.connections) connection.close();
      });
      for (const transaction of [...this.engine.transactions]) this.engine.abortTransaction(transaction);
      await this.store?.close();
    })();
    return this.closing;
  }
}

/** A socket file left by a crash is removed; one a live server answers on is not taken over. */
async function removeStaleSocket(socketPath: string): Promise<void> {
  let stats: fs.Stats;
  try {
    stats = fs.lstatSync(socketPath);
  } catch {
    return;
  }
  if (!stats.isSocket()) throw new Error(`${socketPath} exists and is not a socket`);
  const answered = await new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
  if (answered) throw new Error(`Another server is listening on ${socketPath}`);
  fs.unlinkSync(socketPath);
}
