import mongoose, { Schema } from "mongoose";
import { isDuplicateKeyError } from "./mongo-errors";

/**
 * Who is building a client's board month in the background (decision 311): one lease per organization
 * and month, so two processes (or two requests of one) never build the same summary at once. A lease
 * whose process died runs out and the next board takes it over.
 */

interface BoardBuildRecord {
  /** "organizationId|month". */
  _id: string;
  owner: string;
  until: Date;
}

const boardBuildSchema = new Schema<BoardBuildRecord>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { collection: "board_builds", versionKey: false },
);

export const BoardBuild =
  (mongoose.models.BoardBuild as mongoose.Model<BoardBuildRecord> | undefined) ??
  mongoose.model<BoardBuildRecord>("BoardBuild", boardBuildSchema);

export const boardBuildKey = (organizationId: string, month: string) => `${organizationId}|${month}`;

/**
 * Takes the lease of a client's month when nobody holds it (or the holder's ran out): an upsert on a
 * filter that a live lease does not match, so a live lease makes it a duplicate key and it is refused.
 */
export async function claimBoardBuild(key: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  try {
    await BoardBuild.collection.updateOne(
      { _id: key, until: { $lte: now } } as never,
      { $set: { owner, until: new Date(now.getTime() + leaseMs) } },
      { upsert: true },
    );
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

export async function releaseBoardBuild(key: string, owner: string): Promise<void> {
  await BoardBuild.collection.deleteOne({ _id: key, owner } as never);
}
