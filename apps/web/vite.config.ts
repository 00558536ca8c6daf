import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Adds <link rel="modulepreload"> for the chunks of the page most visits start on (the public home), so the
 * browser fetches them together with the entry instead of one round trip after it. A few KB for other pages.
 */
function preloadPage(entry: string): Plugin {
  return {
    name: 'portal:preload-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(entry));
        if (!page) return [];
        const main = chunks.find((c) => c.isEntry);
        const already = new Set([main?.fileName, ...(main?.imports ?? [])]);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (already.has(file) || files.has(file)) return;
          files.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          chunk?.imports.forEach(visit);
        };
        visit(page.fileName);
        // Its stylesheets too: the lazy import waits for them before the page renders.
        const css = [...files].flatMap((file) => [
          ...((chunks.find((c) => c.fileName === file) as { viteMetadata?: { importedCss: Set<string> } } | undefined)
            ?.viteMetadata?.importedCss ?? []),
        ]);
        return [
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...new Set(css)].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), preloadPage('src/modules/home/HomePage.tsx'), precompress()],
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
  },
});
