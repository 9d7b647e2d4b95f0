/**
 * The sandbox's fault control: a loopback-only HTTP endpoint over the running sandbox's fault switch
 * (./fault-switch.ts), so a test changes which fakes misbehave without starting another product.
 *
 *   GET    /__sandbox/faults                                          -> 200 { faults, startUp, faked }
 *   PUT    /__sandbox/faults { "faults": [{ "provider", "kind" }] }   -> 200, every fake's faults replaced ([] = none)
 *   DELETE /__sandbox/faults                                          -> 200, back to the start-up setting (SANDBOX_FAULTS)
 *
 * Bad input answers 400 (`validation_failed`, with the issues), a provider this sandbox does not fake 409, another
 * method 405 with `Allow`, another path 404, in the API's error shape. It exists only in sandbox mode: production never
 * starts the sandbox, and this refuses to start unless APP_ENV is `sandbox`. It listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { AppError, ConflictError, ERROR_RESULTS, errorBodyOf, MethodNotAllowedError, NotFoundError, ValidationError, validationIssuesOf } from '../core/errors';
import { sandboxFaultSettingSchema } from '../core/sandbox-faults';
import { NotFakedError, type SandboxFaultSwitch } from './fault-switch';
import { listenOnLoopback, type LoopbackServer } from './listen-on-loopback';
import { BodyTooLargeError, readBody } from './read-body';

export const FAULT_CONTROL_PATH = '/__sandbox/faults';
const ALLOWED = ['GET', 'PUT', 'DELETE'] as const;
/** A fault list is a few dozen bytes; anything much longer is not one. */
const MAX_BODY_BYTES = 16 * 1024;

export const faultControlBodySchema = z.object({ faults: z.array(sandboxFaultSettingSchema).max(50) }).strict();
export type FaultControlBody = z.infer<typeof faultControlBodySchema>;

export async function startFaultControl(faultSwitch: SandboxFaultSwitch, options: { appEnv: string; port?: number }): Promise<LoopbackServer> {
  if (options.appEnv !== 'sandbox') throw new Error(`the sandbox fault control runs in sandbox mode only (APP_ENV=${options.appEnv})`);
  const server = createServer((req, res) => {
    void handle(faultSwitch, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return listenOnLoopback(server, options.port);
}

async function handle(faultSwitch: SandboxFaultSwitch, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const path = new URL(req.url ?? '/', 'http://sandbox.local').pathname;
    if (path !== FAULT_CONTROL_PATH) throw new NotFoundError(`no sandbox control at ${path}`, 'Not found');
    switch (req.method) {
      case 'GET':
        break;
      case 'PUT':
        faultSwitch.set(await readSettings(req));
        break;
      case 'DELETE':
        faultSwitch.reset();
        break;
      default:
        throw new MethodNotAllowedError(req.method ?? '', ALLOWED);
    }
    send(res, 200, { faults: faultSwitch.settings, faked: faultSwitch.faked });
  } catch (error) {
    const known = error instanceof NotFakedError ? new ConflictError(error.message, error.message) : error;
    if (!(known instanceof AppError)) throw error;
    const headers: Record<string, string> = known instanceof MethodNotAllowedError ? { allow: known.allow.join(', ') } : {};
    send(res, ERROR_RESULTS[known.code].status, errorBodyOf(known), headers);
  }
}

async function readSettings(req: IncomingMessage): Promise<FaultControlBody['faults']> {
  const text = await readBody(req, MAX_BODY_BYTES).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) throw new ValidationError([{ field: 'body', rule: 'max_size', message: error.message }]);
    throw error;
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ValidationError([{ field: 'body', rule: 'json', message: 'The body must be JSON: { "faults": [{ "provider", "kind" }] }' }]);
  }
  const parsed = faultControlBodySchema.safeParse(json, { reportInput: true });
  if (!parsed.success) throw new ValidationError(validationIssuesOf(parsed.error));
  return parsed.data.faults;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
