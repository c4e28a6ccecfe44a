/** What the mailboxes page shows: each mailbox with its status (never its password), and the mail log. */
export interface MailboxView {
  id: string;
  scope: "organization" | "firm";
  label: string;
  host: string;
  port: number;
  tls: boolean;
  user: string;
  folder: string;
  afterProcessing: "mark-read" | "move";
  moveTo: string | null;
  intervalMinutes: number;
  reading: boolean;
  progress: { total: number; done: number } | null;
  lastReadAt: string | null;
  lastSuccessAt: string | null;
  nextReadAt: string;
  lastError: string | null;
  failures: number;
  lastCounts: { messages: number; imported: number; duplicates: number; refused: number } | null;
}

/** One message of «Correo recibido» and what became of each attachment. */
export interface MailLogView {
  id: string;
  unassigned: boolean;
  from: string;
  subject: string;
  date: string | null;
  readAt: string;
  note: string | null;
  attachments: Array<{ name: string; outcome: string; reason: string; receiptId: string | null }>;
}
