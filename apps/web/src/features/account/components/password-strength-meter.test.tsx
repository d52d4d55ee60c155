import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

describe('PasswordStrengthMeter', () => {
  it.each([
    ['a', 'Senha muito fraca'],
    ['abcde', 'Senha muito fraca'],
    ['abcdef', 'Senha fraca'],
    ['Abcdef1', 'Senha fraca'],
    ['abcdefgh', 'Senha média'],
    ['abcdefg1', 'Senha média'],
    ['Abcdefgh', 'Senha média'],
    ['Abcdefg1', 'Senha forte ✓'],
    ['Ébano123', 'Senha forte ✓'],
  ])('%j -> %s', (password, label) => {
    render(<PasswordStrengthMeter id="forca" password={password} />);
    expect(document.getElementById('forca')).toHaveTextContent(label);
    expect(screen.getByText(label)).toHaveAttribute('aria-live', 'polite');
  });

  it('says nothing before the first character, but keeps the live region', () => {
    render(<PasswordStrengthMeter id="forca" password="" />);
    const region = document.getElementById('forca');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });
});
