import { describe, expect, it } from 'vitest';
import {
  MemorySampler,
  childProcesses,
  parseParentPid,
  parseProcStatus,
  readProcMemory,
} from './proc-memory.ts';

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
VmPeak:\t 1234567 kB
VmHWM:\t  187344 kB
VmRSS:\t  150012 kB
RssAnon:\t   90000 kB
`;

describe('parseProcStatus', () => {
  it('reads VmRSS and VmHWM, not the look-alike fields', () => {
    expect(parseProcStatus(STATUS)).toEqual({ rssKb: 150012, hwmKb: 187344 });
  });

  it('fails loudly when a field is missing', () => {
    expect(() => parseProcStatus('Name:\tnode\nVmRSS:\t 1 kB\n')).toThrow(/VmHWM/);
  });
});

describe('parseParentPid', () => {
  it('skips a command name containing spaces and parentheses', () => {
    expect(parseParentPid('4242 (node (tsx) x) S 4100 4242 4100 0 -1')).toBe(4100);
  });
});

describe('reading this very process', () => {
  it('finds its own memory and its parent', () => {
    const memory = readProcMemory(process.pid);
    expect(memory.rssKb).toBeGreaterThan(10_000);
    expect(memory.hwmKb).toBeGreaterThanOrEqual(memory.rssKb);
    expect(childProcesses(process.ppid).map((c) => c.pid)).toContain(process.pid);
  });

  it('samples a peak inside the time window only', async () => {
    const sampler = new MemorySampler(process.pid, 10);
    const from = Date.now();
    sampler.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    sampler.stop();
    // One sample at start, then at least one more even on a busy machine.
    expect(sampler.sampleCount()).toBeGreaterThanOrEqual(2);
    expect(sampler.peakKbBetween(from, Date.now())).toBeGreaterThan(10_000);
    expect(sampler.peakKbBetween(0, from - 1)).toBe(0);
  });
});
