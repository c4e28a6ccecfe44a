import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentMonth } from "../../app/domain/calendar";
import { UNCALCULATED_EXPORT_NOTE } from "../../app/domain/board/query";
import { prepareData } from "../../app/boot/prepare-data.server";
import { loader, headers } from "../../app/routes/_app.admin.board";
import { loader as csvLoader } from "../../app/routes/_app.admin.board[.]csv";
import { backgroundBuildsSettled } from "../../app/services/board/board-builds.server";
import { loadBoard } from "../../app/services/board/board.server";
import { boardBuildKey, claimBoardBuild, releaseBoardBuild } from "../../models/board-build";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

// /admin/board while a client's month is still being built elsewhere (decision 311): the page says how
// many, lists the client as «Calculando…», and refreshes itself with a Refresh header (which works
// without JavaScript) only while something is pending; the export leaves its figures blank and says why.

const PATH = "/admin/board";
const context = { cspNonce: "" };
const organizations = [
  { id: "CR:3101995001", name: "Cliente listo" },
  { id: "CR:3101995002", name: "Cliente en cálculo" },
];
let environment: AppEnvironment;
let cookie: string;

interface BoardData {
  view: { calculating: number; failed: number; rows: Array<{ name: string; calculation: string }> };
}

async function board() {
  const response = await respond(() => loader({ request: getRequest(PATH, cookie), params: {}, context }));
  expect(response.status).toBe(200);
  return { refresh: response.headers.get("Refresh"), data: (await response.json()) as BoardData };
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await prepareData({ log: () => undefined });
  for (const organization of organizations)
    await ensureOrganization({ _id: organization.id, name: organization.name, identificationType: "02" });
  const user = await createTestUser({
    persona: "admin",
    orgs: Object.fromEntries(organizations.map((organization) => [organization.id, "admin" as const])),
  });
  cookie = await sessionCookieFor(user.id);
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("the board while a client is being calculated", () => {
  it("counts it, refreshes itself until it is built, then stops refreshing", async () => {
    const month = currentMonth(new Date());
    // The first client is built; another process holds the second one's build.
    await loadBoard([organizations[0]], month);
    const key = boardBuildKey(organizations[1].id, month);
    expect(await claimBoardBuild(key, "otro-proceso", new Date(), 60_000)).toBe(true);

    const pending = await board();
    expect(pending.data.view.calculating).toBe(1);
    expect(pending.data.view.rows.map((row) => [row.name, row.calculation])).toEqual([
      ["Cliente listo", "done"],
      ["Cliente en cálculo", "pending"],
    ]);
    expect(pending.refresh).toBe("3");
    // The document response carries the loader's Refresh header (the page without JavaScript).
    const documentHeaders = new Headers(
      headers({
        loaderHeaders: new Headers({ Refresh: pending.refresh! }),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(documentHeaders.get("Refresh")).toBe("3");

    const csv = await respond(() =>
      csvLoader({ request: getRequest("/admin/board.csv", cookie), params: {}, context }),
    ).then((response) => response.text());
    const line = csv.split("\r\n").find((row) => row.startsWith("Cliente en cálculo"))!;
    expect(line).toContain(UNCALCULATED_EXPORT_NOTE.pending);
    expect(line.split(",").slice(4, 8)).toEqual(["", "", "", ""]);

    await backgroundBuildsSettled();
    await releaseBoardBuild(key, "otro-proceso");
    const built = await board();
    expect(built.data.view.calculating).toBe(0);
    expect(built.data.view.rows.every((row) => row.calculation === "done")).toBe(true);
    expect(built.refresh).toBeNull();
  }, 120_000);
});
