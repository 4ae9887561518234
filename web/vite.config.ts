// Builds the web app into web/dist in two client builds: the staff app (index.html, src/main.tsx),
// then, with `--mode public`, the public pages' script (public.html, src/public/entry-client.tsx),
// which hydrates the HTML the server renders with the SSR build (`vite build --ssr`,
// src/public/entry-server.tsx into web/dist-server, everything bundled in: the server needs no React
// at run time). The public build runs the same components on Preact (preact/compat, ~10 KB) instead
// of React DOM: the server still renders them with React, and Preact takes the HTML over. React DOM's
// evaluation alone was a 50-60 ms task on a 2-core machine after the first paint, which Lighthouse's
// 4x CPU slowdown turns into ~150 ms of blocking time; with Preact the page's longest task after the
// first paint is ~25 ms (issue 12, bench/README.md). Its manifest is the one the server reads to link a
// page's chunks and stylesheets (server/plugins/spa.ts); the staff build needs none. After the client build every text asset over 1 KB gets .br and .gz
// copies: the server sends them as they are, so phones get compressed files without CPU per request.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        // Left by the other client build into the same directory, already compressed.
        if (fs.existsSync(`${file}.br`) && fs.statSync(`${file}.br`).mtimeMs >= fs.statSync(file).mtimeMs) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const PUBLIC_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ isSsrBuild, mode }) => ({
  root: path.resolve(import.meta.dirname),
  plugins: [react(), precompress()],
  resolve: mode === 'public' ? { alias: PUBLIC_ON_PREACT } : {},
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: { input: path.resolve(import.meta.dirname, 'src/public/entry-server.tsx') },
      }
    : mode === 'public'
      ? {
          outDir: 'dist',
          // After the staff build, into the same directory.
          emptyOutDir: false,
          sourcemap: false,
          // The server links a server-rendered page's own script and stylesheet from it (server/plugins/spa.ts).
          manifest: true,
          rollupOptions: { input: { public: path.resolve(import.meta.dirname, 'public.html') } },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: false,
          chunkSizeWarningLimit: 800,
          rollupOptions: { input: { index: path.resolve(import.meta.dirname, 'index.html') } },
        },
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
  },
}));
