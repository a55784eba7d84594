import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverOrigin = 'http://localhost:3000';
const webFolder = (relative: string): string => decodeURIComponent(new URL(relative, import.meta.url).pathname);

// `root` is left to the caller: `vite build` runs inside web/, and the vitest project "web"
// extends this file from the repository root, where its include globs are resolved.
export default defineConfig({
  plugins: [react()],
  publicDir: webFolder('./public'),
  build: {
    outDir: webFolder('./dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console, so they get their own long-cached files.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': serverOrigin,
      '/v1': serverOrigin,
      '/pg': serverOrigin,
    },
  },
  test: {
    setupFiles: [webFolder('./src/test-setup.ts')],
  },
});
