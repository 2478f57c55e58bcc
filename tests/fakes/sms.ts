/** What every fake SMS provider hands back to a test. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { close, listen } from './server';

export interface DeliveredSms {
  to: string;
  code: string;
}

export interface FakeSmsProvider {
  /** Base URL to put in the provider's `endpoint` / `base_url` setting. */
  url: string;
  /** Messages accepted, with the code each carried. */
  delivered: DeliveredSms[];
  /** Error codes the fake answered, in order. */
  refused: string[];
  close(): Promise<void>;
}

export async function startFakeProvider(
  handle: (request: IncomingMessage, response: ServerResponse, provider: FakeSmsProvider) => Promise<void>,
): Promise<FakeSmsProvider> {
  const provider: FakeSmsProvider = { url: '', delivered: [], refused: [], close: async () => {} };
  const server = createServer((request, response) => {
    handle(request, response, provider).catch((error: Error) => response.writeHead(500).end(error.message));
  });
  const port = await listen(server);
  provider.url = `http://127.0.0.1:${port}`;
  provider.close = () => close(server);
  return provider;
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
