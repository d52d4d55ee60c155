import { readFileSync } from 'node:fs';

/** USER_HZ, the unit of utime and stime in /proc: 100 on every Linux the store runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system, all threads) from the text of /proc/<pid>/stat, in seconds. */
export function parseCpuSeconds(statText: string): number {
  // Fields after the command name: state ppid pgrp session tty tpgid flags minflt cminflt majflt
  // cmajflt utime stime …; the name itself may contain spaces and parentheses.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error('Unreadable /proc stat');
  return (utime + stime) / CLOCK_TICKS_PER_SECOND;
}

export function readCpuSeconds(pid: number): number {
  return parseCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** Busy CPU time of the whole machine (all cores, everything but idle and iowait) from /proc/stat. */
export function parseMachineBusySeconds(procStatText: string): number {
  const line = procStatText.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('No cpu line in /proc/stat');
  // cpu user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user, nice, system, , , irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = [user, nice, system, irq, softirq, steal].reduce<number>(
    (sum, v) => sum + (v ?? 0),
    0,
  );
  return busy / CLOCK_TICKS_PER_SECOND;
}

export function readMachineBusySeconds(): number {
  return parseMachineBusySeconds(readFileSync('/proc/stat', 'utf8'));
}

/**
 * Measures how busy a process, this one and the rest of the machine were while `work` ran, in
 * cores (1 = one core fully used). A server well under 1 while its clients wait was not the
 * bottleneck; other processes using the cores make the run worthless.
 */
export async function withCpuUsage<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; serverCores: number; clientCores: number; otherCores: number }> {
  const started = process.hrtime.bigint();
  const machineBefore = readMachineBusySeconds();
  const serverBefore = readCpuSeconds(pid);
  const clientBefore = process.cpuUsage();
  const result = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const client = process.cpuUsage(clientBefore);
  const serverCores = (readCpuSeconds(pid) - serverBefore) / seconds;
  const clientCores = (client.user + client.system) / 1e6 / seconds;
  const machineCores = (readMachineBusySeconds() - machineBefore) / seconds;
  return {
    result,
    serverCores,
    clientCores,
    // Everything else on the machine (other test runs, builds): high values spoil the figures.
    otherCores: Math.max(0, machineCores - serverCores - clientCores),
  };
}
