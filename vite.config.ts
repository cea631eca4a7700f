import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './shared/api/security.ts';

/** The page's CSP as a meta tag, from the one policy the HTTP server also sends (frame-ancestors only works as a header). */
function cspMeta(): Plugin {
  const policy = CONTENT_SECURITY_POLICY.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; ');
  return {
    name: 'parlor-csp',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
  };
}

// Relative asset paths, so the same build loads from file:// in Electron and from `parlor serve`.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), cspMeta()],
  build: { outDir: process.env.PARLOR_RENDERER_OUT ?? '../dist/renderer', emptyOutDir: true, sourcemap: true },
});
