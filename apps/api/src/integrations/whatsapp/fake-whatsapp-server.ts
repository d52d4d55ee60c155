import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORDER_UPDATE_TEMPLATES } from '@lumina/shared/whatsapp/order-updates';

/** A template message the fake took, as WhatsApp would deliver it. */
export interface FakeWhatsAppMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  at: string;
}

/** What the fake answers instead of taking the next sends (Graph's error shape). */
export interface FakeWhatsAppFailure {
  status: number;
  code: number;
  message: string;
}

export interface FakeWhatsAppServer {
  /** For WHATSAPP_API_URL. */
  url: string;
  version: string;
  phoneNumberId: string;
  accessToken: string;
  /** The messages taken, in order. */
  messages: FakeWhatsAppMessage[];
  /** Every POST to the messages path, taken or refused. */
  attempts: number;
  /** The next `count` sends are refused with `failure` (default: a 500 with code 1). */
  failNext(count: number, failure?: FakeWhatsAppFailure): void;
  close(): Promise<void>;
}

/** The templates the fake's WhatsApp Manager has approved: the shop's, by name and arity. */
const APPROVED = new Map<string, number>(
  Object.values(ORDER_UPDATE_TEMPLATES).map((template) => [
    template.name,
    template.parameters.length,
  ]),
);

function graphError(response: ServerResponse, failure: FakeWhatsAppFailure): void {
  response.writeHead(failure.status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      error: {
        message: failure.message,
        type: 'OAuthException',
        code: failure.code,
        error_data: { messaging_product: 'whatsapp', details: failure.message },
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    }),
  );
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Checks a send as the Cloud API does; answers the message or the refusal. */
function readMessage(body: unknown): Omit<FakeWhatsAppMessage, 'id' | 'at'> | FakeWhatsAppFailure {
  const invalid = (message: string, code = 100): FakeWhatsAppFailure => ({
    status: 400,
    code,
    message,
  });
  const b = body as {
    messaging_product?: unknown;
    to?: unknown;
    type?: unknown;
    template?: {
      name?: unknown;
      language?: { code?: unknown };
      components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
    };
  };
  if (typeof body !== 'object' || body === null) return invalid('Invalid JSON');
  if (b.messaging_product !== 'whatsapp') return invalid('messaging_product must be whatsapp');
  if (typeof b.to !== 'string' || !/^\d{8,15}$/.test(b.to)) {
    return invalid('Invalid parameter: to', 131009);
  }
  if (b.type !== 'template' || !b.template) return invalid('Only template messages start a chat');
  const name = b.template.name;
  const arity = typeof name === 'string' ? APPROVED.get(name) : undefined;
  if (typeof name !== 'string' || arity === undefined) {
    return invalid(`Template name does not exist in the translation: ${String(name)}`, 132001);
  }
  const language = b.template.language?.code;
  if (language !== 'pt_BR') {
    return invalid(`Template ${name} does not exist in ${String(language)}`, 132001);
  }
  const components = b.template.components ?? [];
  const bodyParameters = components.find((component) => component.type === 'body')?.parameters;
  const parameters = (bodyParameters ?? []).map((parameter) =>
    parameter.type === 'text' && typeof parameter.text === 'string' ? parameter.text : null,
  );
  if (parameters.length !== arity) {
    return invalid(`Number of parameters does not match the expected number of params`, 132000);
  }
  if (parameters.some((text) => text === null || text === '' || /[\n\t]| {4}/.test(text))) {
    return invalid('Param text cannot have new-line/tab characters or more than 4 spaces', 132018);
  }
  return { to: b.to, template: name, language, parameters: parameters as string[] };
}

/**
 * A local stand-in for the WhatsApp Cloud API's POST /{version}/{phone_number_id}/messages: it
 * checks the token, the path and the template message as the real one does (the shop's four
 * templates are the approved ones), answers `messages[0].id`, and keeps what it took.
 * `failNext` makes it refuse sends, as an outage or a rate limit would. GET /_fake/mensagens
 * lists the messages for a person trying it.
 */
export async function startFakeWhatsApp(
  options: {
    port?: number;
    phoneNumberId?: string;
    accessToken?: string;
    /** Told of each message taken (the runner prints it for a person). */
    onMessage?: (message: FakeWhatsAppMessage) => void;
  } = {},
): Promise<FakeWhatsAppServer> {
  const failures: FakeWhatsAppFailure[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake.invalid').pathname;
      if (request.method === 'GET' && path === '/_fake/mensagens') {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ mensagens: fake.messages }, null, 2));
        return;
      }
      const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
      if (request.method !== 'POST' || !match) {
        return graphError(response, {
          status: 400,
          code: 100,
          message: `Unsupported ${request.method ?? ''} request to ${path}`,
        });
      }
      fake.attempts += 1;
      if (request.headers.authorization !== `Bearer ${fake.accessToken}`) {
        return graphError(response, {
          status: 401,
          code: 190,
          message: 'Invalid OAuth access token - Cannot parse access token',
        });
      }
      if (match[2] !== fake.phoneNumberId) {
        return graphError(response, {
          status: 400,
          code: 100,
          message: `Object with ID '${match[2] ?? ''}' does not exist`,
        });
      }
      const body = await readBody(request);
      const failure = failures.shift();
      if (failure) return graphError(response, failure);
      const message = readMessage(body);
      if ('status' in message) return graphError(response, message);
      const id = `wamid.${randomBytes(18).toString('base64url')}`;
      const taken = { ...message, id, at: new Date().toISOString() };
      fake.messages.push(taken);
      options.onMessage?.(taken);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to }],
          messages: [{ id }],
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeWhatsAppServer = {
    url: `http://127.0.0.1:${port}`,
    version: 'v23.0',
    phoneNumberId: options.phoneNumberId ?? '106540352242922',
    accessToken: options.accessToken ?? `EAAG-fake-${randomBytes(12).toString('hex')}`,
    messages: [],
    attempts: 0,
    failNext(count, failure = { status: 500, code: 1, message: 'An unknown error occurred' }) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
