import mongoose, { Schema, type InferSchemaType } from "mongoose";

const organizationSchema = new Schema(
  {
    _id: { type: String, required: true, match: /^CR:\d{9,12}$/ },
    name: { type: String, required: true, trim: true, maxlength: 160 },
    commercialName: { type: String, trim: true, maxlength: 160 },
    identificationType: { type: String, enum: ["01", "02", "03", "04"], required: true },
    active: { type: Boolean, required: true, default: true },
    contactEmail: { type: String, trim: true, lowercase: true, maxlength: 160 },
    catalog: { type: Schema.Types.Mixed, default: () => ({}) },
    activityCodes: { type: [String], default: [] },
    vatRegime: { type: String, enum: ["tradicional", "simplificado"], default: "tradicional" },
    taxpayerKind: { type: String, enum: ["persona-juridica", "persona-fisica"], default: "persona-juridica" },
    lockDate: { type: Date },
  },
  { timestamps: true, minimize: false, collection: "organizations" },
);

organizationSchema.index({ active: 1, name: 1 });

export type OrganizationDocument = InferSchemaType<typeof organizationSchema> & { _id: string };

export const Organization =
  (mongoose.models.Organization as mongoose.Model<OrganizationDocument> | undefined) ??
  mongoose.model<OrganizationDocument>("Organization", organizationSchema);

export interface OrganizationSeed {
  _id: string;
  name: string;
  identificationType: "01" | "02" | "03" | "04";
  active?: boolean;
  contactEmail?: string;
  commercialName?: string;
  taxpayerKind?: "persona-juridica" | "persona-fisica";
  vatRegime?: "tradicional" | "simplificado";
  activityCodes?: string[];
}

/** Creates the organization when missing and leaves an existing one untouched (idempotent seeding). */
export async function ensureOrganization(seed: OrganizationSeed): Promise<boolean> {
  const { _id, ...fields } = seed;
  const result = await Organization.updateOne({ _id }, { $setOnInsert: { active: true, ...fields } }, { upsert: true });
  return result.upsertedCount > 0;
}

export async function listActiveOrganizations(ids?: string[]) {
  const filter = ids ? { active: true, _id: { $in: ids } } : { active: true };
  return Organization.find(filter).sort({ name: 1 }).lean();
}
