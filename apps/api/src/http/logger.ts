import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from '../config.ts';

/**
 * Secrets and personal data never reach the log (DESIGN.md, Platform choices): credentials in
 * headers, and password, token, CPF and card-like fields wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-session-id"]',
  'res.headers["set-cookie"]',
  ...['password', 'password_confirmation', 'current_password', 'new_password']
    .map((key) => [key, `*.${key}`])
    .flat(),
  ...['token', 'access_token', 'refresh_token', 'cpf', 'card_number', 'cvv']
    .map((key) => [key, `*.${key}`])
    .flat(),
];

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/** Keeps a caller's X-Request-Id (a proxy's, say) when it is sane, else makes a fresh one. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

/** "Failed query: …\nparams: ana@example.com,529…" (drizzle): the values are not for the log. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;
/** PostgreSQL's "Key (email)=(ana@example.com) already exists." names the value too. */
const KEY_VALUES = /\)=\([\s\S]*?\)(?= already exists| is not present| conflicts|\.|$)/g;

/** "Failing row contains (7, ana@example.com, …)." (a CHECK or NOT NULL violation). */
const FAILING_ROW = /Failing row contains \([\s\S]*\)/g;
/** 'invalid input syntax for type integer: "529.982.247-25"' */
const QUOTED_INPUT = /(for type [\w ]+|value): "[^"]*"/g;

function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, '\nparams: [redacted]')
    .replace(KEY_VALUES, ')=([redacted])')
    .replace(FAILING_ROW, 'Failing row contains ([redacted])')
    .replace(QUOTED_INPUT, '$1: "[redacted]"');
}

/**
 * Errors as the log writes them (`err`): type, message, stack, the driver's fields and causes,
 * without the values a failed statement was bound to (CPF, e-mail, address, password hash):
 * the statement itself says what went wrong.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'parameters') {
      fields[key] = Array.isArray(value) ? `[${value.length} values redacted]` : '[redacted]';
    } else if (key === 'cause' || key === 'query') {
      continue;
    } else {
      fields[key] = typeof value === 'string' ? scrubText(value) : value;
    }
  }
  const query = (error as { query?: unknown }).query;
  return {
    type: error.name,
    message: scrubText(error.message),
    stack: error.stack ? scrubText(error.stack) : undefined,
    ...fields,
    ...(typeof query === 'string' ? { query } : {}),
    ...(error.cause !== undefined && depth < 5
      ? { cause: serializeError(error.cause, depth + 1) }
      : {}),
  };
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: (error) => {
        const serialized = serializeError(error) as Record<string, unknown>;
        return {
          ...serialized,
          type: error.name,
          message: typeof serialized.message === 'string' ? serialized.message : '',
          stack: typeof serialized.stack === 'string' ? serialized.stack : '',
        };
      },
    },
    ...(config.nodeEnv === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
}

/**
 * A reset link's, a staff invitation's, a stock alert's and a reminder's tokens sit in the path
 * (the API's and the web pages' /convite/{token}, /carrinho/recuperar/{token},
 * /descadastrar/{token}); the provider's code and state in the callback's query.
 */
const SECRET_IN_PATH =
  /^(\/api\/password_resets\/(?:verify\/)?|\/api\/staff_invitations\/|\/api\/stock_alerts\/(?:confirm|cancel)\/|\/convite\/|\/api\/carts\/restore\/|\/carrinho\/recuperar\/|\/api\/unsubscribe\/|\/descadastrar\/)[^/?]+/;
const SECRET_IN_QUERY = /([?&](?:code|state|token)=)[^&#]*/g;

/** The URL as the log keeps it: without the secrets some addresses carry. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_IN_QUERY, '$1[redacted]');
}

/**
 * One log line per request, written when it completes (method, URL, status, time), instead of
 * Fastify's "incoming request" plus "request completed" pair: half the logging cost per call.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // At LOG_LEVEL=warn (production's usual level) a completed request writes nothing: nothing to
    // build either, not even the scrubbed URL.
    if (!error && !writes(reply.log, 'info')) return;
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type LogLevel = keyof typeof LEVELS;

/** Whether `logger` writes lines of `level` (pino's rule: at or above its level; 'silent' none). */
function writes(logger: FastifyBaseLogger, level: LogLevel): boolean {
  const threshold = (LEVELS as Record<string, number>)[logger.level];
  return threshold !== undefined && LEVELS[level] >= threshold;
}

/**
 * A request's logger (bound to its reqId) that makes pino's child the first time the request
 * writes a line. Pino's child() serializes the bindings through the redaction on every call,
 * which cost about 4 % of the server's time per request (CPU profile) for a logger
 * that, at LOG_LEVEL=warn, most requests never use. Same lines, same redaction. A class: one
 * object per request, its methods shared.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    /** Fastify passes a route's or plugin's own `logLevel` here, as `level`. */
    private readonly options: { level?: string },
  ) {}

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #write(level: LogLevel, args: Parameters<FastifyBaseLogger[LogLevel]>): void {
    if (writes(this, level)) this.#real()[level](...args);
  }

  fatal(...args: Parameters<FastifyBaseLogger['fatal']>): void {
    this.#write('fatal', args);
  }
  error(...args: Parameters<FastifyBaseLogger['error']>): void {
    this.#write('error', args);
  }
  warn(...args: Parameters<FastifyBaseLogger['warn']>): void {
    this.#write('warn', args);
  }
  info(...args: Parameters<FastifyBaseLogger['info']>): void {
    this.#write('info', args);
  }
  debug(...args: Parameters<FastifyBaseLogger['debug']>): void {
    this.#write('debug', args);
  }
  trace(...args: Parameters<FastifyBaseLogger['trace']>): void {
    this.#write('trace', args);
  }
  silent(): void {}
  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#real().child(...args);
  }
  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(value: string) {
    this.#real().level = value;
  }
}

/** Fastify's childLoggerFactory: the request's logger, made real when first written to. */
export function lazyChildLogger(
  this: unknown,
  parent: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: { level?: string },
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options);
}
