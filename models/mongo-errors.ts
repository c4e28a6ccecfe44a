/** MongoDB's code for a write that would break a unique index. */
export const DUPLICATE_KEY = 11000;

/** The write broke a unique index: the row (a number, a counter, a document) exists already. */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === DUPLICATE_KEY;
}

/** The driver's error labels (TransientTransactionError, UnknownTransactionCommitResult…). */
export function hasErrorLabel(error: unknown, label: string): boolean {
  const candidate = error as { hasErrorLabel?: (label: string) => boolean; errorLabels?: string[] } | null;
  if (typeof candidate?.hasErrorLabel === "function") return candidate.hasErrorLabel(label);
  return Array.isArray(candidate?.errorLabels) && candidate.errorLabels.includes(label);
}
