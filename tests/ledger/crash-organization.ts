/** Shared by the crash test and its child: whose books the child writes, in which database. */
export const CRASH_ORGANIZATION = "CR:3101777777";
// The app's own database name, so that `npm run ledger:verify` with DATA_DIR finds these books.
export const CRASH_DATABASE = "contabilidad";
