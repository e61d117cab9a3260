// The bundled entry the runner starts (action.yml `runs.main`: dist/action.js). The inputs
// and the runner's environment are checked first (start.ts); only then is the engine loaded,
// and of it only what the step's command uses (main.ts).
import { startAction } from './start.js';

const controller = new AbortController();
// The runner cancels a job with SIGINT, then SIGTERM: stop starting verifications.
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
const started = await startAction(process.env);
if (typeof started === 'number') process.exitCode = started;
else {
  const { runAction } = await import('./main.js');
  process.exitCode = await runAction(started, process.env, controller.signal);
}
