// The artifact stand-in holds GitHub's limits, tried with the real @actions/artifact client:
// at most 500 artifacts per job, and names unique within a workflow run across its attempts
// while a re-run still lists and downloads what earlier attempts uploaded.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startInProcess, type InProcess } from '../../support/actions/inProcess.js';
import { MAX_ARTIFACTS_PER_JOB } from '../../support/actions/artifactService.js';

const TIMEOUT = 120_000;
const RUN = 501;

let services: InProcess;
let artifact: typeof import('@actions/artifact');
const realWrite = process.stdout.write.bind(process.stdout);

beforeAll(async () => {
  services = await startInProcess();
  artifact = await import('@actions/artifact');
  process.stdout.write = () => true;
}, TIMEOUT);

afterAll(async () => {
  process.stdout.write = realWrite;
  await services?.stop();
}, TIMEOUT);

async function fileIn(env: Record<string, string>, name: string, content: string): Promise<string> {
  const dir = join(env.RUNNER_TEMP ?? '', 'out');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), content);
  return join(dir, name);
}

async function upload(name: string, file: string): Promise<void> {
  await new artifact.DefaultArtifactClient().uploadArtifact(name, [file], join(file, '..'));
}

/** CreateArtifact straight over Twirp with the job's runtime token, as the client sends it. */
async function createArtifact(env: Record<string, string>, name: string): Promise<number> {
  const token = env.ACTIONS_RUNTIME_TOKEN ?? '';
  const scope = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    scp: string;
  };
  const [, run, job] = /Actions\.Results:([^: ]+):([^: ]+)/.exec(scope.scp) ?? [];
  const response = await fetch(
    `${services.results.url}/twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        workflow_run_backend_id: run,
        workflow_job_run_backend_id: job,
        name,
        version: 7,
        mime_type: 'application/zip',
      }),
    },
  );
  return response.status;
}

test(
  "a job's 501st artifact is refused with 400, naming the limit; another job may still upload",
  async () => {
    const env = services.useRun(RUN, 'plan');
    const file = await fileIn(env, 'a.txt', 'a\n');
    for (let i = 1; i < MAX_ARTIFACTS_PER_JOB; i += 1)
      expect(await createArtifact(env, `many-${i}`)).toBe(200);
    await expect(upload('many-500', file)).resolves.toBeUndefined();
    await expect(upload('many-501', file)).rejects.toThrow(
      /CreateArtifact.*\(400\).*500 artifacts.*\(500\)/,
    );
    services.useRun(RUN, 'verify');
    await expect(upload('other-job', file)).resolves.toBeUndefined();
  },
  TIMEOUT,
);

test(
  "a re-run lists and downloads the earlier attempt's artifacts, and may not reuse their names",
  async () => {
    const run = RUN + 1;
    const first = services.useRun(run, 'verify', 1);
    await upload('records', await fileIn(first, 'r.json', '{"attempt":1}\n'));
    const second = services.useRun(run, 'verify', 2);
    expect(second.GITHUB_RUN_ATTEMPT).toBe('2');
    const client = new artifact.DefaultArtifactClient();
    const { artifacts } = await client.listArtifacts({ latest: true });
    expect(artifacts.map((a) => a.name)).toEqual(['records']);
    const dir = join(second.RUNNER_TEMP ?? '', 'in');
    await client.downloadArtifact(artifacts[0]!.id, { path: dir });
    expect(await readFile(join(dir, 'r.json'), 'utf8')).toBe('{"attempt":1}\n');
    await expect(upload('records', await fileIn(second, 'r.json', '{}\n'))).rejects.toThrow(
      /\(409\) Conflict: an artifact with the name records already exists/,
    );
    await expect(upload('records-a2', await fileIn(second, 'r.json', '{}\n'))).resolves.toBe(
      undefined,
    );
  },
  TIMEOUT,
);
