import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredContactForm } from './deferred-contact-form.tsx';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** An IntersectionObserver the test drives: `reach(true)` says the section came near. */
function stubObserver() {
  let callback: Callback = () => undefined;
  const options: IntersectionObserverInit[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(next: Callback, init: IntersectionObserverInit) {
        callback = next;
        options.push(init);
      }
      observe() {}
      disconnect() {}
    },
  );
  return { options, reach: (isIntersecting: boolean) => callback([{ isIntersecting }]) };
}

function renderDeferred() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeferredContactForm />
    </QueryClientProvider>,
  );
}

describe('DeferredContactForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the form only once the section comes within a screen of the viewport', async () => {
    const observer = stubObserver();
    renderDeferred();
    expect(observer.options).toEqual([{ rootMargin: '100% 0px' }]);
    act(() => observer.reach(false));
    expect(screen.queryByLabelText('Mensagem')).not.toBeInTheDocument();

    act(() => observer.reach(true));
    expect(await screen.findByLabelText('Mensagem')).toBeInTheDocument();
  });

  it('shows the form at once where IntersectionObserver does not exist', async () => {
    renderDeferred();
    expect(await screen.findByRole('button', { name: 'Enviar mensagem' })).toBeInTheDocument();
  });
});
