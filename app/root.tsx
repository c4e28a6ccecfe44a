import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/charts/styles.css";
import "@fontsource/work-sans/400.css";
import "@fontsource/work-sans/500.css";
import "@fontsource/work-sans/600.css";
import "@fontsource/work-sans/700.css";
import "react-toastify/ReactToastify.css";
import "./styles/app.css";

import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { cssBundleHref } from "@remix-run/css-bundle";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AccountProvider } from "./components/AccountContext";
import { IdleLogout } from "./components/IdleLogout";
import { NavigationProgress } from "./components/NavigationProgress";
import { RouteErrorPage } from "./components/RouteErrorPage";
import { ThemeCssVariables } from "./components/ThemeCssVariables";
import { MARK_SCRIPTED, ToastFallback, Toasts } from "./components/Toasts";
import { cssVariablesResolver, theme } from "./theme";
import { buildAccount } from "./utils/account.server";
import { getSignedInUser } from "./utils/auth.server";
import { getEnv } from "./utils/env.server";
import { useNonce } from "./utils/nonce";
import { getToast } from "./utils/toast.server";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Contabilidad CR" },
  { name: "description", content: "Comprobantes electrónicos, asientos, balances e impuestos para Costa Rica." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, signedIn] = await Promise.all([getToast(request), getSignedInUser(request)]);
  const account = signedIn ? await buildAccount(request, signedIn.user) : null;
  return json({ toast, account, idleTimeoutMs: getEnv().IDLE_TIMEOUT_MS }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="es-CR" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_SCRIPTED }} />
      </head>
      <body>
        {/* Every provider here renders from the loaders' data (and the nonce) only: the report pages'
            documents are reused across requests (the rule beside `renderDocument`, entry.server.tsx). */}
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          getStyleNonce={() => nonce ?? ""}
          withCssVariables={false}
        >
          <ThemeCssVariables />
          <AccountProvider account={data?.account ?? null}>
            <NavigationProgress />
            <ToastFallback toast={data?.toast} />
            {children}
            <Toasts toast={data?.toast} />
            {data && <IdleLogout timeoutMs={data.idleTimeoutMs} />}
          </AccountProvider>
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
