// Ubuntu 23.10+ (and 24.04, GitHub's ubuntu-24.04 image) lets only programs with an AppArmor
// profile that grants `userns` create unprivileged user namespaces. This profile grants it to
// bubblewrap alone, which is narrower than turning the restriction off for every program.
export const APPARMOR_PROFILE_PATH = '/etc/apparmor.d/dog-bwrap';
export const APPARMOR_RESTRICT_SYSCTL = '/proc/sys/kernel/apparmor_restrict_unprivileged_userns';

export function apparmorProfile(bwrapPath: string): string {
  return [
    '# Written by "dog companion install": lets bubblewrap create the user namespaces of the',
    '# DoG verification sandbox on hosts that restrict unprivileged user namespaces.',
    'abi <abi/4.0>,',
    'include <tunables/global>',
    '',
    `profile dog-bwrap ${bwrapPath} flags=(unconfined) {`,
    '  userns,',
    '',
    '  include if exists <local/dog-bwrap>',
    '}',
    '',
  ].join('\n');
}
