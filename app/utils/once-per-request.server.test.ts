import { describe, expect, it } from "vitest";
import { oncePerRequest } from "./once-per-request.server";

describe("oncePerRequest", () => {
  it("runs the read once for one Request, also when callers overlap, and again for another Request", async () => {
    let reads = 0;
    const read = oncePerRequest(async (request: Request, suffix: string) => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `${new URL(request.url).pathname}${suffix}`;
    });
    const first = new Request("http://localhost/a");
    expect(await Promise.all([read(first, "!"), read(first, "!")])).toEqual(["/a!", "/a!"]);
    expect(reads).toBe(1);
    expect(await read(new Request("http://localhost/b"), "?")).toBe("/b?");
    expect(reads).toBe(2);
  });

  it("hands every caller of the Request the same failure", async () => {
    const read = oncePerRequest(async () => {
      throw new Response(null, { status: 404 });
    });
    const request = new Request("http://localhost/");
    const [a, b] = await Promise.allSettled([read(request), read(request)]);
    expect(a.status).toBe("rejected");
    expect(b).toEqual(a);
  });
});
