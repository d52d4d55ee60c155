// A cache-busting flood of page requests, run in a process of its own so that its work does not
// delay the probe that measures the API beside it. Usage (from page-flood.ts):
//   node --import tsx lib/flood-client.ts '<json FloodPlan>'
// Prints one JSON line (FloodTally) when done. Bounded: it stops after `seconds` whatever happens.
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface FloodPlan {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** The page to bust: '/produtos?search=a&z=' + random, or '/produtos?search=' + random. */
  kind: 'made-up-parameter' | 'search';
  /** Source addresses, one client each (127.0.0.2, 127.0.0.3…: loopback, on this machine). */
  clients: string[];
  connectionsPerClient: number;
  seconds: number;
}

export interface FloodTally {
  requests: number;
  byStatus: Record<string, number>;
  errors: number;
}

function pagePath(kind: FloodPlan['kind']): string {
  const noise = randomBytes(6).toString('hex');
  return kind === 'search' ? `/produtos?search=${noise}` : `/produtos?search=a&z=${noise}`;
}

function getOnce(url: URL, path: string, agent: Agent, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, agent, localAddress, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

export async function flood(plan: FloodPlan): Promise<FloodTally> {
  const url = new URL(plan.baseUrl);
  const deadline = Date.now() + plan.seconds * 1000;
  const tally: FloodTally = { requests: 0, byStatus: {}, errors: 0 };
  const clients = plan.clients.map(async (localAddress) => {
    const agent = new Agent({ keepAlive: true, maxSockets: plan.connectionsPerClient });
    const connections = Array.from({ length: plan.connectionsPerClient }, async () => {
      while (Date.now() < deadline) {
        try {
          const status = await getOnce(url, pagePath(plan.kind), agent, localAddress);
          tally.requests += 1;
          tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
        } catch {
          tally.errors += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    });
    await Promise.all(connections);
    agent.destroy();
  });
  await Promise.all(clients);
  return tally;
}

if (process.argv[2]) {
  const plan = JSON.parse(process.argv[2]) as FloodPlan;
  const tally = await flood(plan);
  process.stdout.write(`${JSON.stringify(tally)}\n`);
}
