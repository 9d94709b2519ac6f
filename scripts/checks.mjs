// The static checks before the tests, two at a time on a 2-core machine: ESLint with Prettier, and both
// TypeScript projects, run side by side (each is single-threaded; together they take the time of the
// longer), then Electronegativity. Each one's output is printed whole when it ends, so the two never
// interleave; the exit code is non-zero when any failed.
import { spawn } from 'node:child_process';

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(
        `\n> npm run ${script} (${code === 0 ? 'ok' : `failed, exit ${code}`})\n${output}${output.endsWith('\n') ? '' : '\n'}`,
      );
      resolve(code ?? 1);
    });
  });
}

const side = await Promise.all([run('lint'), run('typecheck')]);
const security = await run('security');
process.exit([...side, security].some((code) => code !== 0) ? 1 : 0);
