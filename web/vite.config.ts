import { fileURLToPath, URL } from 'node:url';
import { markdownPages, type MarkdownPage } from './build/markdownPages';
import { precompress } from './build/precompress';
import { routePreload, type RouteModules } from './build/routePreload';
import { scriptBudget } from './build/scriptBudget';
import { USER_GUIDE_PATHS } from './src/config/docs';
import { ROUTES } from './src/config/routes';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The gateway serves the API (and, in production, this build) on one origin. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
const proxy = { '/api': { target: gateway, changeOrigin: true } };

/** Markdown files published as pages: the user guide (Admin → Manuals links it) and the README (for developers). */
const fromRepository = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));
const MARKDOWN_PAGES: MarkdownPage[] = [
  { source: fromRepository('README.md'), fileName: 'docs/readme.html', title: 'Infra Analytics: README', lang: 'en' },
  {
    source: fromRepository('docs/user-guide.md'),
    fileName: USER_GUIDE_PATHS.en.slice(1),
    title: 'Infra Analytics: user guide',
    lang: 'en',
  },
  {
    source: fromRepository('docs/user-guide.fr.md'),
    fileName: USER_GUIDE_PATHS.fr.slice(1),
    title: "Infra Analytics : guide de l'utilisateur",
    lang: 'fr',
  },
];

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

/**
 * react-transition-group by file instead of through its index, for MUI (Transition, TransitionGroup) and the date
 * pickers (CSSTransition, TransitionGroup). Through the index, the sign-in page's vendor chunk held the index's module
 * and so everything any page used of it: the pickers' CSSTransition and its class helpers (5.6 KB) were loaded before
 * the sign-in page's first render, past its script budget.
 */
const TRANSITIONS_BY_FILE: { importer: RegExp; exports: string[] }[] = [
  { importer: /[\\/]@mui[\\/]material[\\/]/, exports: ['Transition', 'TransitionGroup'] },
  { importer: /[\\/]@mui[\\/]x-date-pickers[\\/]/, exports: ['CSSTransition', 'TransitionGroup'] },
];
const TRANSITIONS_MODULE = '\0transitions:';

function transitionsByFile(): Plugin {
  return {
    name: 'transitions-by-file',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-transition-group' || !importer) return undefined;
      const index = TRANSITIONS_BY_FILE.findIndex((entry) => entry.importer.test(importer));
      return index >= 0 ? `${TRANSITIONS_MODULE}${index}` : undefined;
    },
    load(id) {
      if (!id.startsWith(TRANSITIONS_MODULE)) return undefined;
      const { exports } = TRANSITIONS_BY_FILE[Number(id.slice(TRANSITIONS_MODULE.length))]!;
      return exports
        .map((name) => `export { default as ${name} } from 'react-transition-group/esm/${name}.js';`)
        .join('\n');
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    transitionsByFile(),
    markdownPages(MARKDOWN_PAGES),
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
