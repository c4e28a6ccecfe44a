import os from "node:os";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../utils/env.server";
import { workerCount } from "./cluster.server";

describe("workerCount", () => {
  it("runs one process per core in production and one elsewhere unless WEB_CONCURRENCY says", () => {
    expect(workerCount({ NODE_ENV: "production" })).toBe(os.availableParallelism());
    expect(workerCount({ NODE_ENV: "development" })).toBe(1);
    expect(workerCount({ NODE_ENV: "test" })).toBe(1);
    expect(workerCount({ NODE_ENV: "production", WEB_CONCURRENCY: 1 })).toBe(1);
    expect(workerCount({ NODE_ENV: "development", WEB_CONCURRENCY: 3 })).toBe(3);
  });

  it("reads WEB_CONCURRENCY from the environment and refuses a count below one", () => {
    expect(workerCount(parseEnv({ NODE_ENV: "development", WEB_CONCURRENCY: "4" }))).toBe(4);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY must be at least 1/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "dos" })).toThrow(/WEB_CONCURRENCY/);
  });
});
