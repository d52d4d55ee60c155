import { describe, expect, it } from 'vitest';
import {
  parseCpuSeconds,
  parseMachineBusySeconds,
  readCpuSeconds,
  withCpuUsage,
} from './proc-cpu.ts';

describe('parseCpuSeconds', () => {
  it('adds utime and stime, after a command name with spaces and parentheses', () => {
    const stat = '4242 (node (x) y) R 1 4242 4242 0 -1 4194304 900 0 0 0 250 75 0 0 20 0 11';
    expect(parseCpuSeconds(stat)).toBe(3.25);
  });
});

describe('parseMachineBusySeconds', () => {
  it('counts user, nice, system, irq, softirq and steal but not idle or iowait', () => {
    const stat = 'cpu  1000 50 300 90000 700 10 20 5 0 0\ncpu0 500 25 150 45000 350 5 10 2 0 0\n';
    expect(parseMachineBusySeconds(stat)).toBe(13.85);
  });
});

describe('withCpuUsage', () => {
  // Loose bounds: other work on the machine may take part of the core from the spinning loop.
  it('sees this process burn CPU while it spins', async () => {
    expect(readCpuSeconds(process.pid)).toBeGreaterThan(0);
    const { result, serverCores, clientCores, otherCores } = await withCpuUsage(process.pid, () => {
      const end = Date.now() + 300;
      let spins = 0;
      while (Date.now() < end) spins++;
      return Promise.resolve(spins);
    });
    expect(result).toBeGreaterThan(0);
    expect(clientCores).toBeGreaterThan(0.2);
    expect(clientCores).toBeLessThan(1.2);
    expect(serverCores).toBeGreaterThan(0.1); // 10 ms ticks: coarser than process.cpuUsage.
    expect(otherCores).toBeGreaterThanOrEqual(0);
  });
});
