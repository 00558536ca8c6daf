import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import type * as Prerender from './src/prerender.tsx';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `.br` and `.gz` beside every text asset of the build: the API serves them pre-compressed
 * (`@fastify/static` preCompressed), so no request pays for compression and brotli can use its best level.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|ico|webmanifest|map)$/;
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
          d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)],
        );
      for (const file of walk(outDir)) {
        // The server-rendering bundle and page templates are read by the API, never sent as they are.
        if (file.includes(`${path.sep}prerendered${path.sep}`)) continue;
        if (!compressible.test(file) || statSync(file).size < 256) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
      }
    },
  };
}

type OutputChunk = Extract<Rollup.OutputBundle[string], { type: 'chunk' }>;

/** Where the build leaves what the API needs to render the first pages (not served as files). */
const PRERENDER_DIR = 'prerendered';

/**
 * The first pages of a visit (the public home, sign-in, the news and its articles) are rendered by the server
 * from the real components (src/prerender.tsx), with the province's configuration and the page's data, so they
 * paint from HTML and CSS alone; main.tsx hydrates them. This step bundles src/prerender.tsx for Node
 * (`prerendered/server/prerender.js`, everything inside) and writes one template per route pattern
 * (`prerendered/<slug>.html`, listed in `prerendered/pages.json`): index.html with the page's stylesheets and
 * module preloads in the head (low priority: the page paints without them, they must not compete with the
 * stylesheets) and slots for the markup in each language, the address, the configuration and the data it was
 * rendered with. `pages` maps each route pattern to its page module (the route table's lazy import).
 */
function prerenderPages(pages: Record<string, string>): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'portal:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const main = chunks.find((c) => c.isEntry);
      const loaded = new Set([main?.fileName, ...(main?.imports ?? [])]);
      /** A dynamically imported module's chunk and the chunks it imports that the entry does not. */
      const chunksOf = (moduleEnding: string): string[] => {
        const first = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleEnding));
        if (!first) throw new Error(`prerender: no chunk for ${moduleEnding}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (loaded.has(file) || files.has(file)) return;
          files.add(file);
          byFile.get(file)?.imports.forEach(visit);
        };
        visit(first.fileName);
        return [...files];
      };
      const cssOf = (files: string[]) => [
        ...new Set(
          files.flatMap((f) => [
            ...((byFile.get(f) as { viteMetadata?: { importedCss: Set<string> } } | undefined)?.viteMetadata
              ?.importedCss ?? []),
          ]),
        ),
      ];

      const target = path.join(outDir, PRERENDER_DIR);
      await build({
        root,
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        // One file with everything in it: the API runs it from wherever the build was copied.
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: path.join(target, 'server'),
          emptyOutDir: true,
          copyPublicDir: false,
          target: 'node22',
          // Read from disk by the server, never downloaded: size does not matter.
          chunkSizeWarningLimit: 100_000,
          reportCompressedSize: false,
          rollupOptions: { output: { format: 'es', entryFileNames: 'prerender.js' } },
        },
      });
      const { namespacesOf, DEFAULT_LANGUAGE, LANGUAGES } = (await import(
        pathToFileURL(path.join(target, 'server/prerender.js')).href
      )) as typeof Prerender;

      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      // index.html's #root: empty or holding the boot spinner.
      const rootElement = /<div id="root">(?:<div[^>]*><\/div>)?<\/div>/;
      // The configuration comes with the page: no separate request to preload.
      const configurationPreload = /\s*<link rel="preload" href="\/api\/Home\/configuration"[^>]*>/;
      // The province's favicon is rendered in its place (the `head` slot).
      const favicon = /<link rel="icon" id="portal-favicon"[^>]*>/;
      // The app's entry script and its module preloads, which the prerendered pages start after their first paint.
      const appScripts = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;
      if (
        !main ||
        !rootElement.test(template) ||
        !configurationPreload.test(template) ||
        !favicon.test(template) ||
        !template.includes(`src="/${main.fileName}"`)
      ) {
        throw new Error('prerender: index.html changed shape (#root, configuration preload, favicon, entry script)');
      }
      /** Which template renders which route pattern (the server matches addresses against them). */
      const manifest: { pattern: string; template: string }[] = [];
      for (const [pagePath, pageModule] of Object.entries(pages)) {
        const scripts = [
          ...chunksOf(pageModule),
          // Its texts in the default language (another language loads them when the app starts).
          ...namespacesOf(pagePath).flatMap((ns) => chunksOf(`locales/${DEFAULT_LANGUAGE}/${ns}.json`)),
        ];
        const head = cssOf(scripts)
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
          .join('\n    ');
        // The app's scripts start after the first paint (boot-page.js adds them): the markup and its stylesheets
        // paint without sharing a slow line with fifty script files, which then load in parallel as before.
        const preloads = [...new Set([...(main.imports ?? []), ...scripts])].map((file) => `/${file}`);
        const body =
          `<div id="root" data-prerendered="<!--path-->" data-lang="${DEFAULT_LANGUAGE}"><!--page:${DEFAULT_LANGUAGE}--></div>` +
          LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)
            .map((l) => `<template id="prerendered-${l}"><!--page:${l}--></template>`)
            .join('') +
          '<script type="application/json" id="portal-configuration"><!--configuration--></script>' +
          '<script type="application/json" id="portal-data"><!--data--></script>' +
          `<script src="/boot-page.js" data-entry="/${main.fileName}" data-preload="${preloads.join(' ')}"></script>`;
        const html = template
          .replace(configurationPreload, '')
          .replace(favicon, '<!--head-->')
          .replace(appScripts, '')
          .replace('</head>', `  ${head}\n  </head>`)
          .replace(rootElement, body);
        const file = `${pagePath.replace(/^\//, '').replace(/[/:]/g, '_')}.html`;
        writeFileSync(path.join(target, file), html);
        manifest.push({ pattern: pagePath, template: file });
      }
      writeFileSync(path.join(target, 'pages.json'), JSON.stringify(manifest, null, 2));
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    prerenderPages({
      '/trang-chu': 'src/modules/home/HomePage.tsx',
      '/dang-nhap': 'src/modules/accounts/LoginPage.tsx',
      '/tin-tuc': 'src/modules/news/PublicNewsPage.tsx',
      '/chi-tiet-tin-tuc/:id': 'src/modules/news/PublicArticlePage.tsx',
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/hubs': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Each page is its own chunk (lazy routes); the entry keeps only the shell the first page needs.
    chunkSizeWarningLimit: 800,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically runs on every first load anyway: one chunk rather than fifty small
          // ones, each paying its own compression and its imports and exports of the others (the public home's
          // first load, e2e/first-paint.test.ts). The entry module itself stays the entry chunk, which index.html
          // and the prerendered pages start.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/(\.html|[\\/]src[\\/]main\.tsx)$/.test(id) }],
        },
      },
    },
  },
});
