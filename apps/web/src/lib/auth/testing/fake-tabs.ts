import { vi } from 'vitest';

/**
 * BroadcastChannel between the sessions of one test, as between tabs: a message reaches every
 * other open channel of the same name (not the sender) a microtask later.
 */
class FakeBroadcastChannel {
  static readonly open = new Set<FakeBroadcastChannel>();
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    FakeBroadcastChannel.open.add(this);
  }

  postMessage(data: unknown): void {
    for (const other of FakeBroadcastChannel.open) {
      if (other === this || other.name !== this.name) continue;
      queueMicrotask(() => {
        if (!FakeBroadcastChannel.open.has(other)) return;
        other.onmessage?.(new MessageEvent('message', { data }));
      });
    }
  }

  close(): void {
    FakeBroadcastChannel.open.delete(this);
  }
}

/** Replaces BroadcastChannel; undo with vi.unstubAllGlobals(). */
export function fakeBroadcastChannel(): void {
  FakeBroadcastChannel.open.clear();
  vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
}

/**
 * navigator.locks with one queue per name, enough for `request(name, callback)`: the next
 * holder's callback starts once the previous one has settled. Returns the undo.
 */
export function fakeWebLocks(): () => void {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = queues.get(name) ?? Promise.resolve();
      const held = previous.then(callback);
      // The next holder waits for this one to settle, whether it succeeded or not.
      const released: Promise<unknown> = held.catch(() => undefined);
      queues.set(name, released);
      return held;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return () => {
    Reflect.deleteProperty(navigator, 'locks');
  };
}
