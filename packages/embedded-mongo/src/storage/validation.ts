import type { Doc } from "../bson/values";
import { isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { compileFilter } from "../query/matcher";
import type { Collection } from "./collection";

/**
 * Schema validation: the collection's `validator` (a query filter) must match every inserted or
 * updated document unless validationLevel is "off", validationAction "warn" or the command passes
 * bypassDocumentValidation. With "moderate", documents that were already invalid may stay so.
 */
export function validateDocument(collection: Collection, doc: Doc, previous: Doc | null, bypass: boolean): void {
  const options = collection.options;
  if (bypass || !isPlainObject(options.validator) || Object.keys(options.validator).length === 0) return;
  if (options.validationLevel === "off" || options.validationAction === "warn") return;
  if (isPlainObject(options.validator.$jsonSchema))
    throw new ServerError(
      ErrorCode.CommandNotSupported,
      "$jsonSchema validators are not supported by the embedded server",
    );
  collection.validator ??= compileFilter(options.validator);
  if (collection.validator(doc)) return;
  if (options.validationLevel === "moderate" && previous && !collection.validator(previous)) return;
  throw new ServerError(ErrorCode.DocumentValidationFailure, "Document failed validation", {
    extra: { errInfo: { failingDocumentId: doc._id, details: { operatorName: "$and", clausesNotSatisfied: [] } } },
  });
}
