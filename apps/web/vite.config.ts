import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

export default defineConfig(({ command }) => {
  // A build is always the production bundle (React's production build, no dev checks), whatever NODE_ENV the
  // shell carries: `npm start` with the README's NODE_ENV=development would otherwise ship React's development
  // build while Vite prints "building for production". Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompress()],
    // The manifest lets scripts/measure-entry.ts weigh what the sign-in page downloads.
    build: { outDir: 'dist', emptyOutDir: true, manifest: true },
    server: {
      port: 5173,
      proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
    },
  };
});
