import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/ui-events.ts';
import { TOAST_DURATION_MS, TOAST_LIMIT, ToastViewport } from './toast-viewport.tsx';

describe('ToastViewport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps at most 20 toasts, the newest ones', () => {
    render(<ToastViewport />);
    act(() => {
      for (let i = 1; i <= 25; i++) notify(`Aviso ${i}`);
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(TOAST_LIMIT);
    expect(screen.queryByText('Aviso 5')).not.toBeInTheDocument();
    expect(screen.getByText('Aviso 25')).toBeInTheDocument();
  });

  it('dismisses by itself and with the close button', () => {
    render(<ToastViewport />);
    act(() => notify('Produto salvo', 'success'));
    act(() => notify('Outro aviso'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Fechar notificação' })[1]!);
    expect(screen.queryByText('Outro aviso')).not.toBeInTheDocument();
    expect(screen.getByText('Produto salvo')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS);
    });
    expect(screen.queryByText('Produto salvo')).not.toBeInTheDocument();
  });

  it('keeps a sticky toast until it is closed', () => {
    render(<ToastViewport />);
    act(() => notify('Leia com atenção', 'warning', true));
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS * 10);
    });
    expect(screen.getByText('Leia com atenção')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(screen.queryByText('Leia com atenção')).not.toBeInTheDocument();
  });
});
