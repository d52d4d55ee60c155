import { describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_LABELS, passwordStrength } from './password-strength.ts';

describe('passwordStrength', () => {
  it.each([
    ['', 'very_weak', 'Senha muito fraca'],
    ['Ab1de', 'very_weak', 'Senha muito fraca'],
    ['abcdef', 'weak', 'Senha fraca'],
    ['Abcde12', 'weak', 'Senha fraca'],
    ['abcdefgh', 'medium', 'Senha média'],
    ['Abcdefgh', 'medium', 'Senha média'],
    ['abcdefg1', 'medium', 'Senha média'],
    ['Abcdefg1', 'strong', 'Senha forte ✓'],
    ['SENHA123', 'strong', 'Senha forte ✓'],
    ['ébano123', 'medium', 'Senha média'],
    ['Ébano123', 'strong', 'Senha forte ✓'],
  ])('%j -> %s (%s)', (password, level, label) => {
    const strength = passwordStrength(password);
    expect(strength).toBe(level);
    expect(PASSWORD_STRENGTH_LABELS[strength]).toBe(label);
  });
});
