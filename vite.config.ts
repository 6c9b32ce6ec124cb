import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/vitePrecompress';

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist/client', sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3333', '/img': 'http://localhost:3333' } },
});
