/**
 * Reads one mailbox in a process of its own, so a test can kill it with SIGKILL in the middle of the
 * read: `node --import tsx tests/support/mail-read-child.ts <mongodb-uri> <mailbox-id>`. The app's
 * secrets come from the environment, as in the test that starts it.
 */
import { Types } from "mongoose";
import { readMailboxNow } from "../../app/services/mail/mail-worker.server";
import { connectDatabase } from "../../app/utils/db.server";

const [uri, id] = process.argv.slice(2);
await connectDatabase(uri);
console.log("reading");
const outcome = await readMailboxNow(new Types.ObjectId(id), { leaseMs: 60_000, log: () => undefined });
console.log(JSON.stringify(outcome));
process.exit(0);
