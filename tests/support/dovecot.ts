/**
 * A real IMAP server for the mail reader's tests: Debian's dovecot started with a throwaway
 * configuration in a temporary directory (its own base_dir, a passwd-file of users, maildirs in the
 * directory, 127.0.0.1 on a free port, no TLS), touching nothing of a system-wide installation.
 * As root, the mail users run as `nobody` (dovecot refuses uid 0); otherwise as the current user.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";

export const DOVECOT = ["/usr/sbin/dovecot", "/usr/local/sbin/dovecot"].find((candidate) => existsSync(candidate));

export interface MailUser {
  user: string;
  password: string;
}

export interface Dovecot {
  host: string;
  port: number;
  users: MailUser[];
  /** Puts a raw message into a user's folder with IMAP APPEND (the folder is created when missing). */
  append(user: MailUser, folder: string, raw: Buffer | string, flags?: string[]): Promise<void>;
  /** The messages of a folder: uid and flags. */
  list(user: MailUser, folder: string): Promise<Array<{ uid: number; flags: string[] }>>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function hashed(password: string): string {
  return execFileSync("doveadm", ["pw", "-s", "SHA512-CRYPT", "-p", password], { encoding: "utf8" }).trim();
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  const { connect } = await import("node:net");
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`dovecot did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startDovecot(userNames: string[] = ["facturas"]): Promise<Dovecot> {
  if (!DOVECOT) throw new Error("dovecot is not installed (scripts/install-test-system-packages.sh installs it)");
  const dir = mkdtempSync(path.join(tmpdir(), "dovecot-test-"));
  // dovecot's auth and login processes run as its own unprivileged users: they must reach the files.
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  const uid = root ? 65534 : (process.getuid?.() ?? 1000);
  const gid = root ? 65534 : (process.getgid?.() ?? 1000);
  const me = userInfo().username;
  const port = await freePort();
  const users = userNames.map((user) => ({ user, password: `clave-${user}-${Math.random().toString(36).slice(2)}` }));
  const mailDir = path.join(dir, "mail");
  mkdirSync(mailDir);
  if (root) chownSync(mailDir, uid, gid);
  writeFileSync(
    path.join(dir, "passwd"),
    users
      .map(({ user, password }) => `${user}:${hashed(password)}:${uid}:${gid}::${path.join(mailDir, user)}::`)
      .join("\n") + "\n",
  );
  const config = [
    `base_dir = ${path.join(dir, "run")}`,
    `state_dir = ${path.join(dir, "state")}`,
    `log_path = ${path.join(dir, "dovecot.log")}`,
    `info_log_path = ${path.join(dir, "dovecot.log")}`,
    "protocols = imap",
    "listen = 127.0.0.1",
    "ssl = no",
    "disable_plaintext_auth = no",
    "auth_mechanisms = plain login",
    `mail_location = maildir:${mailDir}/%n`,
    "first_valid_uid = 1",
    ...(root ? [] : [`default_login_user = ${me}`, `default_internal_user = ${me}`]),
    `passdb {\n  driver = passwd-file\n  args = scheme=SHA512-CRYPT ${path.join(dir, "passwd")}\n}`,
    `userdb {\n  driver = passwd-file\n  args = ${path.join(dir, "passwd")}\n}`,
    `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    "service anvil {\n  chroot =\n}",
    "service imap-login {\n  chroot =\n}",
    "",
  ].join("\n");
  const configPath = path.join(dir, "dovecot.conf");
  writeFileSync(configPath, config);
  // The daemon keeps inherited pipes open: its output goes to the log file, never to a pipe.
  const started = spawnSync(DOVECOT, ["-c", configPath], { stdio: "ignore" });
  if (started.status !== 0) {
    const log = existsSync(path.join(dir, "dovecot.log")) ? readFileSync(path.join(dir, "dovecot.log"), "utf8") : "";
    throw new Error(`dovecot failed to start (exit ${started.status}): ${log.slice(-2000)}`);
  }
  await waitForPort(port, Date.now() + 15_000);

  const client = async (user: MailUser) => {
    const imap = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user: user.user, pass: user.password },
      logger: false,
    });
    imap.on("error", () => undefined);
    await imap.connect();
    return imap;
  };

  return {
    host: "127.0.0.1",
    port,
    users,
    async append(user, folder, raw, flags = []) {
      const imap = await client(user);
      try {
        if (folder !== "INBOX") await imap.mailboxCreate(folder).catch(() => undefined);
        await imap.append(folder, raw, flags);
      } finally {
        await imap.logout();
      }
    },
    async list(user, folder) {
      const imap = await client(user);
      try {
        const lock = await imap.getMailboxLock(folder);
        try {
          const messages = await imap.fetchAll("1:*", { uid: true, flags: true }).catch(() => []);
          return messages.map((message) => ({ uid: message.uid, flags: [...(message.flags ?? [])] }));
        } finally {
          lock.release();
        }
      } finally {
        await imap.logout();
      }
    },
    async stop() {
      const pidFile = path.join(dir, "run", "master.pid");
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, "utf8").trim());
        try {
          process.kill(pid, "SIGTERM");
        } catch {
          // already gone
        }
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          try {
            process.kill(pid, 0);
            await new Promise((resolve) => setTimeout(resolve, 50));
          } catch {
            break;
          }
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
