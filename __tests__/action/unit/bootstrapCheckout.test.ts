// The pull request's checkout as a source of DoG's own files: only regular files inside it
// are read, so a link cannot make DoG read (and show in its report) a file of the runner.
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckoutTree } from '../../../src/action/bootstrapCheckout.js';

let dir: string;
let checkout: string;
let outside: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dog-checkout-'));
  checkout = join(dir, 'checkout');
  outside = join(dir, 'runner');
  await mkdir(join(checkout, '.dog', 'scripts'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(join(outside, 'secret.yaml'), 'token: ghs_secret\n');
  await writeFile(join(outside, 'tool'), '#!/bin/sh\n');
  await chmod(join(outside, 'tool'), 0o755);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('reads regular files and lists the regular files of a directory', async () => {
  await writeFile(join(checkout, '.dog', 'graph.yaml'), 'id: g\n');
  await writeFile(join(checkout, '.dog', 'scripts', 'lint'), '#!/bin/sh\n');
  const tree = new CheckoutTree(checkout);
  expect((await tree.read('.dog/graph.yaml'))?.toString()).toBe('id: g\n');
  expect(await tree.read('.dog/absent.yaml')).toBeUndefined();
  expect(await tree.listFiles('.dog/scripts')).toEqual(['lint']);
  expect(await tree.directory('.dog/scripts')).toBe(join(checkout, '.dog', 'scripts'));
});

test('a graph that is a link to a runner file is refused, not read', async () => {
  await symlink(join(outside, 'secret.yaml'), join(checkout, '.dog', 'graph.yaml'));
  await expect(new CheckoutTree(checkout).read('.dog/graph.yaml')).rejects.toThrow(
    /\.dog\/graph\.yaml is a symbolic link or lies under one/,
  );
});

test('a linked parent directory is refused too', async () => {
  await rm(join(checkout, '.dog'), { recursive: true });
  await symlink(outside, join(checkout, '.dog'));
  const tree = new CheckoutTree(checkout);
  await expect(tree.read('.dog/secret.yaml')).rejects.toThrow(/symbolic link or lies under one/);
  expect(await tree.listFiles('.dog')).toBeUndefined();
  expect(await tree.directory('.dog')).toBeUndefined();
});

test('a script library that links elsewhere lists nothing and is no library directory', async () => {
  await rm(join(checkout, '.dog', 'scripts'), { recursive: true });
  await symlink(outside, join(checkout, '.dog', 'scripts'));
  const tree = new CheckoutTree(checkout);
  expect(await tree.listFiles('.dog/scripts')).toBeUndefined();
  expect(await tree.directory('.dog/scripts')).toBeUndefined();
});
