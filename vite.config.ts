import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3333', '/img': 'http://localhost:3333' } },
});
