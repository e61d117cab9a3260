// The bundled entry the runner starts (action.yml `runs.main`: dist/action.js).
import { runAction } from './main.js';

const controller = new AbortController();
// The runner cancels a job with SIGINT, then SIGTERM: stop starting verifications.
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
process.exitCode = await runAction(process.env, controller.signal);
