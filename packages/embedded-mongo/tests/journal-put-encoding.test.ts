import { BSON, Decimal128, Long, ObjectId } from "bson";
import { describe, expect, it } from "vitest";
import { encodePut } from "../src/persist/journal";
import { serializeStored, takeSerialized } from "../src/storage/stored-bytes";

// A committed document's BSON is made once, for the data file, and the journal's put record is built
// around those bytes: the record must be byte for byte what serializing it whole gives.

const docs = [
  {},
  { _id: new ObjectId("65a1b2c3d4e5f60718293a4b"), account: "10-01-01-03-01", debit: Long.fromString("123456789012") },
  {
    _id: "línea-1",
    descripción: "DEPÓSITO SINPE ñandú",
    amount: Decimal128.fromString("-1500.25"),
    lines: [{ account: "40-01", credit: 5 }, null, true],
    nested: { at: new Date(Date.UTC(2026, 10, 27)), bytes: new BSON.Binary(Buffer.from([1, 2, 3])) },
  },
];

describe("the journal's put record", () => {
  for (const [index, doc] of docs.entries()) {
    it(`is what serializing { o, ns, d } gives (document ${index + 1})`, () => {
      for (const ns of ["app.bankstatementlines", "contabilidad_cr.líneas"]) {
        const whole = Buffer.from(BSON.serialize({ o: "p", ns, d: doc }));
        expect(encodePut(ns, BSON.serialize(doc))).toEqual(whole);
        expect(BSON.deserialize(encodePut(ns, BSON.serialize(doc)))).toEqual(BSON.deserialize(whole));
      }
    });
  }

  it("takes the bytes the data file's write made once, and serializes a document it has none for", () => {
    const doc = { _id: "a", amount: 5 };
    const stored = serializeStored(doc);
    expect(takeSerialized(doc)).toBe(stored);
    const again = takeSerialized(doc);
    expect(again).not.toBe(stored);
    expect(Buffer.from(again)).toEqual(Buffer.from(stored));
  });
});
