import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ACCOUNT_CONTEXT_MISSING, AccountProvider, useAccount, type ClientAccount } from "./AccountContext";

function Email() {
  const account = useAccount();
  return <span>{account ? account.user.email : "Visitante"}</span>;
}

const account: ClientAccount = {
  user: { id: "1", email: "ana@demo.cr" },
  isSuperAdmin: false,
  isAdmin: false,
  isRoot: false,
  roles: { "CR:3101123456": "client" },
  organizations: [{ id: "CR:3101123456", cedula: "3101123456", name: "Ferretería El Clavo S.A." }],
};

describe("account context (docs/spec/sign-in.md §6)", () => {
  it("throws a clear error when used outside its provider", () => {
    expect(() => renderToString(<Email />)).toThrow(ACCOUNT_CONTEXT_MISSING);
  });

  it("gives the signed-in account, or null for a visitor", () => {
    expect(
      renderToString(
        <AccountProvider account={account}>
          <Email />
        </AccountProvider>,
      ),
    ).toContain("ana@demo.cr");
    expect(
      renderToString(
        <AccountProvider account={null}>
          <Email />
        </AccountProvider>,
      ),
    ).toContain("Visitante");
  });
});
