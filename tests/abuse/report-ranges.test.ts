import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RANGE_TOO_LONG_MESSAGE, dateWindowMessage } from "../../app/domain/calendar";
import * as entriesCsv from "../../app/routes/_app.entries.list[.]csv";
import * as entriesList from "../../app/routes/_app.entries.list";
import * as entriesXlsx from "../../app/routes/_app.entries.list[.]xlsx";
import * as journal from "../../app/routes/_app.entries.export[.]journal";
import * as movementCsv from "../../app/routes/_app.entries.movement-list[.]csv";
import * as movementList from "../../app/routes/_app.entries.movement-list";
import * as newEntry from "../../app/routes/_app.entries.detail.new";
import * as allCsv from "../../app/routes/_app.results-all[.]csv";
import * as allPage from "../../app/routes/_app.results-all";
import * as allPdf from "../../app/routes/_app.results-all[.]pdf";
import * as generalPage from "../../app/routes/_app.results-general";
import * as generalXlsx from "../../app/routes/_app.results-general[.]xlsx";
import * as resultsCsv from "../../app/routes/_app.results[.]csv";
import * as resultsPage from "../../app/routes/_app.results";
import * as resultsPdf from "../../app/routes/_app.results[.]pdf";
import * as resultsXlsx from "../../app/routes/_app.results[.]xlsx";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { Entry } from "../../models/entry";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

/**
 * Issue 25, finding 1: a read-only client asked for the Estado de Resultados from 0001-01-01 to
 * 9999-12-31 and the process built a chart point per month until its heap ran out. Every report, list
 * and export refuses a day outside the accepted window and a range beyond five years (400, Spanish),
 * and no entry is dated outside the window (decision 195).
 */
const ORG = "CR:3101777001";
const CASH = "10-01-01-01-00";
const SALES = "40-01-01-01-00";
let environment: AppEnvironment;
const cookies = {} as Record<"admin" | "client", string>;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Rangos S.A.", identificationType: "02" });
  cookies.client = await sessionCookieFor((await createTestUser({ persona: "client", orgs: { [ORG]: "client" } })).id);
  cookies.admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
});

afterAll(async () => {
  await environment?.close();
});

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
const args = (request: Request) =>
  ({ request, params: {}, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;
const call = (loader: Loader, path: string, who: keyof typeof cookies = "client") =>
  respond(() => loader(args(getRequest(path, cookies[who]))));
const messageOf = async (response: Response): Promise<string> => {
  const body = await response.clone().json();
  return typeof body.message === "string" ? body.message : body.messages?.[0];
};

const WINDOW = dateWindowMessage();
const ABSURD = "from=0001-01-01&to=9999-12-31";
const TOO_LONG = "from=2020-01-01&to=2025-12-31";

describe("report ranges are bounded (issue 25, finding 1)", () => {
  it("answers the attack's URL at once with 400 and the Spanish window message, with the default period", async () => {
    const response = await call(resultsPage.loader, `/results?org=3101777001&${ABSURD}`);
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.messages).toContain(WINDOW);
    // The page still answers (its filters and the message), over the default month: one chart point.
    expect(data.monthly).toHaveLength(1);
  });

  it("refuses a range of more than five years on every report page (400, its message)", async () => {
    for (const [loader, path] of [
      [resultsPage.loader, "/results"],
      [allPage.loader, "/results-all"],
    ] as const) {
      const response = await call(loader, `${path}?org=3101777001&${TOO_LONG}`);
      expect(response.status).toBe(400);
      expect((await response.json()).messages).toContain(RANGE_TOO_LONG_MESSAGE);
    }
    const general = await call(generalPage.loader, "/results-general?org=3101777001&to=9999-12-31", "admin");
    expect(general.status).toBe(400);
    expect((await general.json()).messages).toContain(WINDOW);
  });

  it("refuses the same on every export (csv, xlsx, pdf), before any work", async () => {
    const exports: Array<[Loader, string]> = [
      [resultsCsv.loader, `/results.csv?org=3101777001&${ABSURD}`],
      [resultsXlsx.loader, `/results.xlsx?org=3101777001&${TOO_LONG}`],
      [resultsPdf.loader, `/results.pdf?org=3101777001&${TOO_LONG}`],
      [allCsv.loader, `/results-all.csv?org=3101777001&${TOO_LONG}`],
      [allPdf.loader, `/results-all.pdf?org=3101777001&${ABSURD}`],
      [generalXlsx.loader, `/results-general.xlsx?org=3101777001&to=0001-01-01`],
    ];
    for (const [loader, path] of exports) {
      const response = await call(loader, path);
      expect(response.status, path).toBe(400);
      expect([WINDOW, RANGE_TOO_LONG_MESSAGE]).toContain(await messageOf(response));
    }
  });

  it("bounds the entries list, the movements and their downloads and the journal", async () => {
    const list = await call(entriesList.loader, `/entries/list?org=3101777001&${TOO_LONG}`);
    expect(list.status).toBe(400);
    expect((await list.json()).problems.map((p: { message: string }) => p.message)).toContain(RANGE_TOO_LONG_MESSAGE);
    const movements = await call(
      movementList.loader,
      `/entries/movement-list?org=3101777001&account=${CASH}&${ABSURD}`,
      "admin",
    );
    expect(movements.status).toBe(400);
    for (const [loader, path, who] of [
      [entriesCsv.loader, `/entries/list.csv?org=3101777001&${TOO_LONG}`, "client"],
      [entriesXlsx.loader, `/entries/list.xlsx?org=3101777001&${ABSURD}`, "client"],
      [movementCsv.loader, `/entries/movement-list.csv?org=3101777001&account=${CASH}&${TOO_LONG}`, "admin"],
      [journal.loader, `/entries/export.journal?org=3101777001&${ABSURD}`, "client"],
    ] as const) {
      const response = await call(loader, path, who);
      expect(response.status, path).toBe(400);
      expect([WINDOW, RANGE_TOO_LONG_MESSAGE]).toContain(await messageOf(response));
    }
  });

  it("refuses entries dated 0001-01-01 and 9999-12-31, through the form and through the ledger service", async () => {
    for (const date of ["0001-01-01", "9999-12-31", "1999-12-31"]) {
      const outcome = await createAndPost(
        ORG,
        {
          date,
          description: "Fuera de las fechas",
          lines: [
            { account: CASH, debit: 1_000_000n },
            { account: SALES, credit: 1_000_000n },
          ],
        },
        { by: "ataque@test" },
      );
      expect(outcome).toEqual({ ok: false, refusals: [{ field: "date", message: WINDOW }] });
    }
    const response = await respond(() =>
      newEntry.action(
        args(
          postRequest(
            "/entries/detail/new?org=3101777001",
            {
              intent: "post",
              date: "31/12/9999",
              description: "Fuera de las fechas",
              "lines[0].account": CASH,
              "lines[0].debit": "1000",
              "lines[1].account": SALES,
              "lines[1].credit": "1000",
            },
            cookies.admin,
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(WINDOW);
    expect(await Entry.countDocuments({ organizationId: ORG })).toBe(0);
  });
});
