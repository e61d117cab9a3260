// The Copilot runtime the Action fetches when the workflow gives none: one npm platform
// package of `@github/copilot-sdk`, pinned to the SDK version DoG is built with. Integrity is
// npm's `dist.integrity` of the tarball; the tree digest is runtimeTreeDigest of its contents.

export const COPILOT_RUNTIME_VERSION = '1.0.14';

/** The Copilot CLI release checked against this SDK version, for a workflow that installs one. */
export const COPILOT_CLI_VERSION = '1.0.102';

/** What is fetched and how it is checked, for one platform. */
export type RuntimePin = {
  platform: string;
  packageName: string;
  version: string;
  /** `sha512-<base64>` of the tarball, as npm publishes it. */
  integrity: string;
  /** The tarball's exact size in bytes: a download never grows past it. */
  size: number;
  /** runtimeTreeDigest of the unpacked package (its `package/` directory). */
  treeDigest: string;
  /** The executable, relative to the unpacked package. */
  executable: string;
};

const PINS: readonly RuntimePin[] = [
  {
    platform: 'linux-x64',
    packageName: '@github/copilot-sdk-linux-x64',
    version: COPILOT_RUNTIME_VERSION,
    integrity:
      'sha512-1wlAVTK1z7ovAez0tixr+f77TnjB3fqKobamu1pG7FYyCTwQuyU4p1aWNXF9j/u1d7rxSY1n9cAxrtEAUkizbg==',
    size: 46_892_059,
    treeDigest: 'sha256:1aa56cf839e06f31186efb141b6bc86731cef58052ec68e4d66910a0c653a0b5',
    executable: 'prebuilds/linux-x64/copilot-runtime',
  },
  {
    platform: 'linuxmusl-x64',
    packageName: '@github/copilot-sdk-linuxmusl-x64',
    version: COPILOT_RUNTIME_VERSION,
    integrity:
      'sha512-tNNeJl53hXEkqeGudNAsHQk9OrSUbt2EdPhtugcQxscabaEFutd7KwQH6jmvvYW7Sifgl59ySWTd4ok/9I94kg==',
    size: 52_072_698,
    treeDigest: 'sha256:801729d680dc734d73e13a74a8ebeeb27274715dbfa84e0b83fde5dcc1378ae8',
    executable: 'prebuilds/linuxmusl-x64/copilot-runtime',
  },
];

/** The machine as the runtime packages name it: `linux-x64`, `linuxmusl-x64`, `darwin-arm64`… */
export type RunnerPlatform = { os: string; arch: string; musl: boolean };

export function platformName({ os, arch, musl }: RunnerPlatform): string {
  return `${os === 'linux' && musl ? 'linuxmusl' : os}-${arch}`;
}

/** This process's platform; musl when Node reports no glibc runtime (as the SDK decides). */
export function currentPlatform(): RunnerPlatform {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } })
    ?.header;
  return {
    os: process.platform,
    arch: process.arch,
    musl: process.platform === 'linux' && header?.glibcVersionRuntime === undefined,
  };
}

/** The pinned package for `platform`, or undefined where GitHub publishes none. */
export function pinFor(platform: RunnerPlatform): RuntimePin | undefined {
  const name = platformName(platform);
  return PINS.find((pin) => pin.platform === name);
}

/** The npm registry's tarball URL of a package version (scoped names keep their scope). */
export function tarballUrl(registry: string, pin: RuntimePin): string {
  const base = registry.replace(/\/+$/, '');
  const file = `${pin.packageName.split('/').pop() ?? pin.packageName}-${pin.version}.tgz`;
  return `${base}/${pin.packageName}/-/${file}`;
}
