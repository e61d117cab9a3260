/** Where the sandbox mounts a goal's capture: part of the verifier contract (docs/scripts.md). */
export const SANDBOX_CAPTURE_ROOT = '/dog/capture';
