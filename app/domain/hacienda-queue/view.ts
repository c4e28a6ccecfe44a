/** One document's sending to Hacienda as its panel shows it. */
import type { SubmissionStatus } from "~/domain/invoicing/types";
import type { SubmissionDocument } from "./status";

export interface SubmissionView {
  document: SubmissionDocument;
  title: string;
  status: SubmissionStatus;
  label: string;
  reason: string | null;
  answerDetail: string | null;
  delivery: string | null;
  canRetry: boolean;
  history: Array<{ at: string; text: string }>;
}
