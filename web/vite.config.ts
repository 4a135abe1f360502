import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The gateway serves the API (and, in production, this build) on one origin. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
const proxy = { '/api': { target: gateway, changeOrigin: true } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: {
      '@infra/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // React, React DOM, MUI and Emotion share one vendor chunk (splitting them makes circular chunks).
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](i18next[^\\/]*|react-i18next)[\\/]/.test(id)) return 'i18n';
          if (/[\\/](@reduxjs|redux|react-redux|reselect|immer)[\\/]/.test(id)) return 'state';
          return 'vendor';
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
