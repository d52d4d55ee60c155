import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  MemorySampler,
  childProcesses,
  parseParentPid,
  parseProcStatus,
  processTree,
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

describe('processTree', () => {
  it('lists a process, then its children and their children, each with its memory', async () => {
    // A shell that starts a sleep and waits for it: this process, the shell, the sleep.
    const shell = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    let sleepPid: number | undefined;
    try {
      let tree = processTree(process.pid);
      for (let tries = 0; tries < 50 && !tree.some((p) => p.cmdline === 'sleep 30'); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        tree = processTree(process.pid);
      }
      const shellEntry = tree.find((p) => p.pid === shell.pid);
      const sleepEntry = tree.find((p) => p.cmdline === 'sleep 30');
      sleepPid = sleepEntry?.pid;
      expect(tree[0]?.pid).toBe(process.pid);
      expect(shellEntry?.parentPid).toBe(process.pid);
      expect(sleepEntry?.parentPid).toBe(shell.pid);
      expect(tree.indexOf(sleepEntry!)).toBeGreaterThan(tree.indexOf(shellEntry!));
      for (const entry of tree) expect(entry.rssKb).toBeGreaterThan(0);
      expect(processTree(shell.pid ?? 0).map((p) => p.pid)).not.toContain(process.pid);
    } finally {
      if (sleepPid) process.kill(sleepPid, 'SIGKILL');
      shell.kill('SIGKILL');
    }
  });
});
