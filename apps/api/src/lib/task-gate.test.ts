import { describe, expect, it } from 'vitest';
import { createTaskGate, GateFullError } from './task-gate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('task gate', () => {
  it('runs at most `concurrency` tasks, queues `queueLimit` more and refuses the rest', async () => {
    const gate = createTaskGate({ concurrency: 2, queueLimit: 1 });
    const blockers = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const tasks = blockers.map((blocker, index) =>
      gate.run(async () => {
        started.push(index);
        await blocker.promise;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(gate.waiting).toBe(1);
    await expect(gate.run(() => Promise.resolve('extra'))).rejects.toBeInstanceOf(GateFullError);

    blockers[0]!.resolve();
    await tasks[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2]);
    expect(gate.running).toBe(0);
  });

  it('frees its place when a task fails', async () => {
    const gate = createTaskGate({ concurrency: 1, queueLimit: 0 });
    await expect(gate.run(() => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    expect(await gate.run(() => Promise.resolve('ok'))).toBe('ok');
  });
});
