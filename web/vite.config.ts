// Builds the web app into web/dist: the staff app (index.html, src/main.tsx) and the public pages'
// script (public.html, src/public/entry-client.tsx), which hydrates the HTML the server renders with
// the SSR build (`vite build --ssr`, src/public/entry-server.tsx into web/dist-server, everything
// bundled in: the server needs no React at run time). After the client build every text asset over 1 KB gets .br and .gz
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
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** In the SSR build the staff screens' table (app/staffScreens.tsx) is read for its paths only (the
 *  server answers 404 for an address no route has, public/entry-server.tsx): its lazy pages become
 *  one empty module instead of a server copy of every staff screen (3 MB and ~10 s of build). */
function staffPagesOutOfSsr(): Plugin {
  const EMPTY = '\0gp-staff-page';
  return {
    name: 'staff-pages-out-of-ssr',
    apply: (_config, env) => env.command === 'build' && !!env.isSsrBuild,
    resolveDynamicImport(_specifier, importer) {
      return importer?.endsWith(`${path.sep}app${path.sep}staffScreens.tsx`) || importer?.endsWith('/app/staffScreens.tsx') ? EMPTY : null;
    },
    load: (id) => (id === EMPTY ? 'export default function StaffPage() { return null; }' : null),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: path.resolve(import.meta.dirname),
  plugins: [react(), precompress(), staffPagesOutOfSsr()],
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: { input: path.resolve(import.meta.dirname, 'src/public/entry-server.tsx') },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        chunkSizeWarningLimit: 800,
        // The server links a server-rendered page's own script and stylesheet from it (server/plugins/spa.ts).
        manifest: true,
        rollupOptions: {
          input: { index: path.resolve(import.meta.dirname, 'index.html'), public: path.resolve(import.meta.dirname, 'public.html') },
        },
      },
  ssr: { noExternal: true },
  // The SSR bundle holds React and MUI: left to process.env at run time it took their development
  // builds under a portal started without NODE_ENV (the cluster's, `npm start`'s), whose checks and
  // warnings made a public page's render several times its production cost (bench/request-cost.ts).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
  },
}));
