/** Development: the API (restarted on change) and Vite (hot reload, proxying /api) side by side. */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('node'), ['--watch', '--watch-preserve-output', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { PORT: '3000', LOG_LEVEL: 'info', ...process.env },
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
