import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantityControl } from './quantity-control.tsx';

function Harness({ stock, initial = 1 }: { stock: number; initial?: number }) {
  const [quantity, setQuantity] = useState(initial);
  return <QuantityControl value={quantity} max={stock} onChange={setQuantity} />;
}

describe('QuantityControl', () => {
  it('shows the stock when the shopper types more than it', async () => {
    const user = userEvent.setup();
    render(<Harness stock={5} />);
    const input = screen.getByLabelText('Quantidade');
    await user.clear(input);
    await user.type(input, '99');
    expect(input).toHaveValue(5);
  });

  it('never goes below 1 with the minus button', async () => {
    const user = userEvent.setup();
    render(<Harness stock={5} initial={2} />);
    const minus = screen.getByRole('button', { name: 'Remover uma unidade' });
    await user.click(minus);
    expect(screen.getByLabelText('Quantidade')).toHaveValue(1);
    expect(minus).toBeDisabled();
  });

  it('stops the plus button at the stock', async () => {
    const user = userEvent.setup();
    render(<Harness stock={2} />);
    const plus = screen.getByRole('button', { name: 'Adicionar uma unidade' });
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByLabelText('Quantidade')).toHaveValue(2);
    expect(plus).toBeDisabled();
  });

  it('turns zero into 1 and keeps the value when the field is left empty', async () => {
    const user = userEvent.setup();
    render(<Harness stock={5} initial={3} />);
    const input = screen.getByLabelText('Quantidade');
    await user.clear(input);
    expect(input).toHaveValue(null);
    await user.tab();
    expect(input).toHaveValue(3);
    await user.clear(input);
    await user.type(input, '0');
    expect(input).toHaveValue(1);
  });
});
