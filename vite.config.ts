import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset paths, so the same build loads from file:// in Electron and from `parlor serve`.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: true },
});
