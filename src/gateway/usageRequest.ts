// OpenAI-compatible servers report usage in a stream only when asked
// (`stream_options.include_usage`); without it a streamed answer could not be charged to the
// run budget. The gateway asks on the agent's behalf. The one extra final chunk it brings
// (usage, empty `choices`) is part of the documented stream format that SDKs already handle.
import { isRecord } from '../providers/shape.js';
import type { GatewayProviderKind } from './policy.js';

/** The request to send upstream: `request`, with usage asked for when it is an OpenAI stream. */
export function withUsageRequested(
  kind: GatewayProviderKind,
  request: Record<string, unknown>,
): Record<string, unknown> {
  if (kind !== 'openai' || request.stream !== true) return request;
  const options = isRecord(request.stream_options) ? request.stream_options : {};
  if (options.include_usage === true) return request;
  const stream_options = { ...options, include_usage: true };
  return { ...request, stream_options };
}
