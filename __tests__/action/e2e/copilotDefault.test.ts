// The Action with no providers configured: agentic goals use Copilot through the workflow
// token, run by the real Copilot runtime against a Copilot API stand-in on 127.0.0.1. With the
// token accepted the goal is verified from what the model read; with it refused (no
// copilot-requests permission, or the organisation's policy off) the goal waits for a person
// with the permission, the policy and the alternative named. The token reaches the runtime's
// requests and nothing DoG writes.
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { resolveCopilotRuntime } from '../../../src/providers/copilot/index.js';
import { startFakeCopilotApi, type FakeCopilotApi } from '../../support/fakeCopilotApi.js';
import { CONFIG } from './fixtures.js';
import { expectOk, reportOf, TOKEN, World, type Files } from './world.js';

const TIMEOUT = 240_000;
const MODEL = 'gpt-5-mini';

const GRAPH = `schemaVersion: "1"
id: copilot-default
root: guide
nodes:
  guide:
    kind: leaf
    title: The guide says how to install
    target: docs/guide.md
    verifier: {mode: agentic, instruction: "The guide must say how to install the tool."}
`;

const FILES: Files = {
  '.dog/graph.yaml': GRAPH,
  ...CONFIG,
  'docs/guide.md': '# Guide\n\nInstall with npm install dog-ci.\n',
};

function runtimePath(): string | undefined {
  try {
    return resolveCopilotRuntime({ kind: 'copilot' }, process.env);
  } catch (error) {
    if (process.env.DOG_COPILOT_REQUIRED === '1') throw error;
    console.log(`SKIPPED Action Copilot default: ${(error as Error).message}`);
    return undefined;
  }
}

const RUNTIME = runtimePath();
const describeWithRuntime = RUNTIME ? describe : describe.skip;

/** A Copilot API that lists the model and refuses every model call with `status`. */
async function refusingApi(status: number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/models' ? 200 : status, { 'content-type': 'application/json' });
    if (req.url !== '/models') {
      res.end('{"message":"Resource not accessible by integration"}');
      return;
    }
    const capabilities = {
      family: MODEL,
      type: 'chat',
      limits: { max_context_window_tokens: 128000, max_output_tokens: 4096 },
      supports: { tool_calls: true, parallel_tool_calls: true, streaming: true },
    };
    res.end(
      JSON.stringify({
        data: [
          {
            id: MODEL,
            name: MODEL,
            object: 'model',
            vendor: 'fake',
            version: MODEL,
            preview: false,
            model_picker_enabled: true,
            supported_endpoints: ['/chat/completions'],
            capabilities,
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Every file below `dir` that holds `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) found.push(path);
  }
  return found;
}

describeWithRuntime('the Action without providers uses Copilot', () => {
  let world: World;
  let api: FakeCopilotApi | undefined;

  beforeAll(async () => {
    world = await World.start({ '.dog/graph.yaml': GRAPH, ...CONFIG });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await world?.stop();
  });

  test(
    'with the token accepted, the goal is verified by Copilot from what it read',
    async () => {
      api = await startFakeCopilotApi([MODEL], (_request, index) =>
        index === 0
          ? { calls: [{ name: 'read_file', args: { path: 'guide.md' } }] }
          : {
              calls: [
                {
                  name: 'submit_verdict',
                  args: {
                    verdict: 'pass',
                    evidence: { summary: 'guide.md says: Install with npm install dog-ci.' },
                  },
                },
              ],
            },
      );
      const result = await world.step({
        runId: 1001,
        job: 'dog',
        files: FILES,
        inputs: { command: 'run', 'copilot-cli-path': RUNTIME ?? '' },
        extraEnv: { COPILOT_API_URL: api.url },
      });
      expectOk(result, 'run');
      const report = await reportOf(result);
      expect(report.nodes.guide?.state).toBe('success');
      expect(report.rootState).toBe('success');
      expect(api.chats.length).toBeGreaterThanOrEqual(2);
      expect(api.chats.every((chat) => chat.body.model === MODEL)).toBe(true);
      // The workflow token authenticated the runtime's model calls …
      expect(api.chats[0]?.headers.authorization).toContain(TOKEN);
      // … and is in nothing DoG wrote: report, summary, logs, store, runner files.
      expect(await filesHolding(world.lastRoot, TOKEN)).toEqual([]);
      // (Only the runner's own mask command names it, so that the runner hides it.)
      const written = `${result.stdout}${result.stderr}${result.summary}`
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'));
      expect(written.join('\n')).not.toContain(TOKEN);
    },
    TIMEOUT,
  );

  test.each([401, 403])(
    'with the token refused (HTTP %i) the goal waits for a person, told the permission, the policy and the alternative',
    async (status) => {
      const refusing = await refusingApi(status);
      try {
        const result = await world.step({
          runId: 1002 + status,
          job: 'dog',
          files: FILES,
          inputs: { command: 'run', 'copilot-cli-path': RUNTIME ?? '', 'check-run': 'false' },
          extraEnv: { COPILOT_API_URL: refusing.url },
        });
        const report = await reportOf(result);
        const guide = report.nodes.guide;
        expect(guide?.state).toBe('needs_human');
        expect(guide?.error?.category).toBe('no_capability');
        expect(guide?.error?.message).toContain('permissions: copilot-requests: write');
        expect(guide?.error?.message).toContain(
          'Allow use of Copilot CLI billed to the organization',
        );
        expect(guide?.error?.message).toMatch(/provider with an API key in a secret/);
        expect(result.summary).toContain('copilot-requests: write');
        expect(await filesHolding(world.lastRoot, TOKEN)).toEqual([]);
      } finally {
        await new Promise((resolve) => refusing.server.close(resolve));
      }
    },
    TIMEOUT,
  );
});
