import { chmod, mkdir, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { JobLogger } from '../../jobs/job-runner.ts';
import type { BackupResult, BackupService } from './service.ts';

/**
 * The embedded database belongs to the server process: PGlite takes no lock on its folder, so a
 * second process (`npm run backup`) could open it beside the server and both would write the same
 * files. While the server runs, the command asks it over this Unix socket in DATA_DIR instead.
 * Who may ask is who may read DATA_DIR: the socket is readable and writable by its owner only.
 */
export const CONTROL_SOCKET = 'backup.sock';

/** Unix socket paths are limited to 107 bytes on Linux (sun_path). */
const MAX_SOCKET_PATH = 107;

export function controlSocketPath(dataDir: string): string | null {
  const path = join(dataDir, CONTROL_SOCKET);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : null;
}

export type ControlAnswer = { ok: true; result: BackupResult } | { ok: false; error: string };

/** Asks the server holding `dataDir` for a backup; null when no server listens there. */
export function requestBackup(dataDir: string): Promise<ControlAnswer | null> {
  const path = controlSocketPath(dataDir);
  if (!path) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let answer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write('backup\n');
    });
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new Error('the server closed the backup socket without an answer'));
      }
    });
  });
}

export interface ControlSocket {
  /** Why `npm run backup` cannot reach this server, when it cannot (the server logs it). */
  problem: string | null;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/backup.sock for `backup` requests and answers each with the result. A
 * socket file left by a process that died is replaced; one that answers belongs to a live server,
 * which keeps it.
 */
export async function startControlSocket(options: {
  dataDir: string;
  backups: () => Promise<BackupService>;
  log: () => Pick<JobLogger, 'error'>;
}): Promise<ControlSocket> {
  const path = controlSocketPath(options.dataDir);
  const none = () => Promise.resolve();
  if (!path) {
    return {
      problem:
        'DATA_DIR path too long for the backup socket: npm run backup cannot reach this server (the nightly backup still runs)',
      close: none,
    };
  }
  if (await requestAlive(path)) {
    return {
      problem: 'another server already answers on the backup socket of this DATA_DIR',
      close: none,
    };
  }
  await mkdir(options.dataDir, { recursive: true });
  await rm(path, { force: true });
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let request = '';
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      void answer(request.trim()).then((reply) => socket.end(JSON.stringify(reply)));
    });
    socket.on('error', () => undefined);
  });
  async function answer(command: string): Promise<ControlAnswer> {
    if (command !== 'backup') return { ok: false, error: `unknown command: ${command}` };
    try {
      return { ok: true, result: await (await options.backups()).takeBackup('manual') };
    } catch (error) {
      options.log().error({ err: error }, 'backup failed');
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  await listen(server, path);
  await chmod(path, 0o600);
  return {
    problem: null,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Whether something answers on the socket (a connection is accepted). */
function requestAlive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
