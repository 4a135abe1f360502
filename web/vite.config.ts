import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { precompress } from './build/precompress';
import { routePreload, type RouteModules } from './build/routePreload';
import { scriptBudget } from './build/scriptBudget';
import { ROUTES } from './src/config/routes';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The gateway serves the API (and, in production, this build) on one origin. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
const proxy = { '/api': { target: gateway, changeOrigin: true } };

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const README_PAGE = 'docs/readme.html';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** GitHub-style heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** The repository README as a plain HTML page (its headings anchored, the rest preformatted). */
function readmePage(markdown: string): string {
  let inFence = false;
  const body = markdown
    .split('\n')
    .map((line) => {
      if (line.trimStart().startsWith('```')) inFence = !inFence;
      const heading = inFence ? null : /^(#{1,6})\s+(.*)$/.exec(line);
      if (!heading) return escapeHtml(line);
      const level = heading[1]?.length ?? 1;
      const text = heading[2] ?? '';
      return `</pre><h${level} id="${slug(text)}">${escapeHtml(text)}</h${level}><pre>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Infra Analytics: README</title><style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1d2939}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace}</style></head><body><pre>${body}</pre></body></html>`;
}

/** Serves the README (Admin → Manuals links to it) in development and copies it into the build. */
function readmeDoc(): Plugin {
  return {
    name: 'readme-doc',
    configureServer(server) {
      server.middlewares.use(`/${README_PAGE}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(readmePage(readFileSync(README, 'utf8')));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: README_PAGE, source: readmePage(readFileSync(README, 'utf8')) });
    },
  };
}

/** The lazy pages each route opens with (any other path: the layout and whatever page it shows). */
const LAYOUT = 'src/layout/DefaultLayout.tsx';
// main.tsx starts one of two apps: the signed-out pages' small one, or the whole app.
const SIGNED_OUT_APP = 'src/app/startSignedOut.tsx';
const WHOLE_APP = 'src/app/startApp.tsx';
const ROUTE_MODULES: RouteModules = {
  [ROUTES.signIn]: [SIGNED_OUT_APP, 'src/features/auth/SignInPage.tsx'],
  [ROUTES.loggedOut]: [SIGNED_OUT_APP, 'src/features/auth/LoggedOutPage.tsx'],
  [ROUTES.forgotPassword]: [SIGNED_OUT_APP, 'src/features/auth/ForgotPasswordPage.tsx'],
  [ROUTES.resetPassword]: [SIGNED_OUT_APP, 'src/features/auth/ResetPasswordPage.tsx'],
  [ROUTES.home]: [WHOLE_APP, LAYOUT, 'src/features/home/HomePage.tsx'],
  [ROUTES.profile]: [WHOLE_APP, LAYOUT, 'src/features/profile/ProfilePage.tsx'],
  [ROUTES.account]: [WHOLE_APP, LAYOUT, 'src/features/account/AccountPage.tsx'],
  [ROUTES.admin]: [WHOLE_APP, LAYOUT, 'src/features/admin/AdminPage.tsx'],
  [ROUTES.adminAccountOverview]: [WHOLE_APP, LAYOUT, 'src/features/admin/account/AccountOverviewPage.tsx'],
  '*': [WHOLE_APP, LAYOUT],
};

/**
 * Compressed (gzip) script a page may load before its first render (issue 21, item 8): the build fails beyond it. The
 * browser test (test/e2e/web-bundle) checks the same in the served app.
 */
const SCRIPT_BUDGETS = { [ROUTES.signIn]: 170 * 1024, [ROUTES.home]: 300 * 1024 };

/** MUI, its styling engine and what only they use. */
const MUI =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|icons-material|styled-engine)|@emotion|@popperjs|react-transition-group|stylis)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const SIGNED_OUT_ROUTES: string[] = [ROUTES.signIn, ROUTES.loggedOut, ROUTES.forgotPassword, ROUTES.resetPassword];
type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;
/** Every module `id` imports statically, directly or not. */
function staticImports(id: string, getModuleInfo: ModuleInfoOf, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const imported of getModuleInfo(id)?.importedIds ?? []) staticImports(imported, getModuleInfo, seen);
  return seen;
}
const fromWeb = (file: string) => fileURLToPath(new URL(file, import.meta.url));
/**
 * What each app evaluates before its first render, what the sign-in page adds, what the layout's pages add (once
 * per build).
 */
let groups: { signedOutApp: Set<string>; wholeApp: Set<string>; signIn: Set<string>; layout: Set<string> } | undefined;
function moduleGroups(getModuleInfo: ModuleInfoOf) {
  const union = (routes: string[]) => {
    const seen = new Set<string>();
    for (const route of routes)
      for (const file of ROUTE_MODULES[route] ?? []) staticImports(fromWeb(file), getModuleInfo, seen);
    return seen;
  };
  const layoutRoutes = Object.keys(ROUTE_MODULES).filter((route) => !SIGNED_OUT_ROUTES.includes(route));
  return {
    signedOutApp: staticImports(fromWeb(SIGNED_OUT_APP), getModuleInfo),
    wholeApp: staticImports(fromWeb(WHOLE_APP), getModuleInfo),
    signIn: union([ROUTES.signIn]),
    layout: union(layoutRoutes),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    readmeDoc(),
    routePreload(ROUTE_MODULES),
    scriptBudget(ROUTE_MODULES, SCRIPT_BUDGETS),
    precompress(),
  ],
  resolve: {
    alias: {
      '@infra/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed files under /static/: no spec route starts with it (the spec has /assets/{id}).
    assetsDir: 'static',
    // Source maps would publish the source; none in the production build.
    sourcemap: false,
    rollupOptions: {
      output: {
        // Every page is a lazy chunk (AppRoutes) and Rollup shares only what pages have in common, so the
        // charts and the data grid stay in the chunks of the pages that use them. React gets a named chunk
        // (it changes least, so it stays cached across releases). The libraries the signed-out app evaluates
        // (router, i18n, MUI's core) get one ('vendor'), those the whole app adds (Redux, RTK Query, toasts)
        // another ('vendor-app'). The MUI components of the sign-in page (the other signed-out pages use about the
        // same) and those the layout's pages add get one chunk each: otherwise ~20 small files that HTTP/1.1
        // fetches six at a time.
        manualChunks(id, { getModuleInfo }) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          if (!NODE_MODULES.test(id)) return undefined;
          groups ??= moduleGroups(getModuleInfo);
          if (groups.signedOutApp.has(id)) return 'vendor';
          if (groups.wholeApp.has(id)) return 'vendor-app';
          if (!MUI.test(id)) return undefined;
          if (groups.signIn.has(id)) return 'mui-signin';
          return groups.layout.has(id) ? 'mui' : undefined;
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
