import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SandboxNotice } from './sandbox-notice.tsx';

describe('SandboxNotice', () => {
  it('says the shop is in test mode when the page is marked so', () => {
    render(<SandboxNotice on />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Loja em modo de teste: pagamentos simulados',
    );
  });

  it('is absent in a real shop (no marker in this test page)', () => {
    const { container } = render(<SandboxNotice />);
    expect(container).toBeEmptyDOMElement();
  });
});
