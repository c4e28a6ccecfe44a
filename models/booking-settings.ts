import mongoose, { Schema, type ClientSession } from "mongoose";

/**
 * An organization's booking settings (issue 13): its default accounts as flat field values
 * (`receivable`, `ivaDebitByRate-08`; a missing field reads as the default chart's account) and what
 * an import does with the receipts it brings in. Every save is recorded: who, when, which fields.
 */
export type ImportBooking = "espera" | "borrador" | "contabilizado";

export interface BookingSettingsChange {
  field: string;
  before: string;
  after: string;
}

export interface BookingSettingsRecord {
  _id: string;
  accounts: Record<string, string>;
  importBooking: ImportBooking;
  history: { at: Date; by: string; changes: BookingSettingsChange[] }[];
}

const bookingSettingsSchema = new Schema<BookingSettingsRecord>(
  {
    _id: { type: String, required: true },
    accounts: { type: Schema.Types.Mixed, default: () => ({}) },
    importBooking: { type: String, enum: ["espera", "borrador", "contabilizado"], default: "espera" },
    history: {
      type: [
        {
          _id: false,
          at: Date,
          by: String,
          changes: [{ _id: false, field: String, before: String, after: String }],
        },
      ],
      default: [],
    },
  },
  { collection: "bookingSettings", versionKey: false, minimize: false, timestamps: true },
);

export const BookingSettings =
  (mongoose.models.BookingSettings as mongoose.Model<BookingSettingsRecord> | undefined) ??
  mongoose.model<BookingSettingsRecord>("BookingSettings", bookingSettingsSchema);

export async function findBookingSettings(organizationId: string, session?: ClientSession) {
  return BookingSettings.findById(organizationId, null, { session }).lean<BookingSettingsRecord>();
}

/** The stored default accounts of several organizations in one read (absent: never saved). */
export async function findStoredAccountsOf(
  organizationIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const records = await BookingSettings.find({ _id: { $in: [...organizationIds] } }, { accounts: 1 }).lean<
    Array<Pick<BookingSettingsRecord, "_id" | "accounts">>
  >();
  return new Map(records.map((record) => [String(record._id), record.accounts ?? {}]));
}

/** Stores the settings and appends the change to the history, creating the record on first save. */
export async function saveBookingSettings(
  organizationId: string,
  settings: { accounts: Record<string, string>; importBooking: ImportBooking },
  change: { at: Date; by: string; changes: BookingSettingsChange[] },
  session?: ClientSession,
): Promise<void> {
  await BookingSettings.updateOne(
    { _id: organizationId },
    { $set: settings, $push: { history: { $each: [change], $slice: -200 } } },
    { upsert: true, session, runValidators: true },
  );
}
