import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The manifest lets scripts/measure-entry.ts weigh what the sign-in page downloads.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
