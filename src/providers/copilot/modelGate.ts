// Every model request of a runtime passes here before it leaves: the runtime has no turn or
// token cap of its own, and an abort sent on its events would race the next request. The SDK
// sets one request handler for the whole runtime process, so each request is answered for by
// the session that made it (the runtime names it); a request no running session owns is
// refused, so a session that has ended cannot spend, and none can spend another's budget.
import { CopilotRequestHandler, type CopilotRequestContext } from '@github/copilot-sdk';

/** A reason to refuse the request and stop, or undefined to let it go out. */
export type Admission = () => string | undefined;

export class ModelRequestGate extends CopilotRequestHandler {
  private readonly sessions = new Map<string, Admission>();

  open(sessionId: string, admit: Admission): void {
    this.sessions.set(sessionId, admit);
  }

  close(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  protected override sendRequest(
    request: Request,
    context: CopilotRequestContext,
  ): Promise<Response> {
    // Only model calls are POSTs; the model list (GET) is the runtime's, not a session's.
    if (request.method === 'POST') {
      const admit =
        context.sessionId === undefined ? undefined : this.sessions.get(context.sessionId);
      const refused = admit ? admit() : 'no running verification made this request';
      if (refused !== undefined) {
        const body = JSON.stringify({ error: { message: 'stopped by the verification budget' } });
        return Promise.resolve(new Response(body, { status: 400 }));
      }
    }
    return super.sendRequest(request, context);
  }
}
